"""``shanten review GAME --html FILE``: the file written is the report of that game (the
same bytes as ``review_html``), the command's output does not change, the player chosen is
the one followed first; several records, a folder that cannot take the file and a file
that cannot be written are refused with a clear message."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

import shanten
from shanten.cli import review_html as cli_html
from shanten.cli.command import main
from shanten.games.review import review
from shanten.web.review_file import review_html

FIXTURES = Path(__file__).parents[1] / "data" / "tenhou"
GAME = FIXTURES / "2018040923gm-00a9-0000-1833afca.mjlog"


def run(arguments: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(["review", "--jobs", "1", *arguments])
    out, err = capsys.readouterr()
    return status, out, err


def embedded(path: Path) -> dict[str, object]:
    text = path.read_text(encoding="utf-8")
    start = text.index('<script type="application/json" id="review-data">')
    body = text[text.index(">", start) + 1 : text.index("</script>", start)]
    data: dict[str, object] = json.loads(body)
    return data


def test_the_report_is_the_games(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    report = tmp_path / "report.html"
    status, out, err = run([str(GAME), "--html", str(report)], capsys)
    assert status == 0 and err == ""
    assert report.read_text(encoding="utf-8") == review_html(review(str(GAME)))
    assert run([str(GAME)], capsys) == (0, out, "")  # the output is the same without it


def test_the_chosen_player_is_followed_first(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    report = tmp_path / "report.html"
    assert run([str(GAME), "--player", "2", "--html", str(report)], capsys)[0] == 0
    assert embedded(report)["seat"] == 2
    name = review(GAME).names[3]
    assert run([str(GAME), "--player", name, "--html", str(report)], capsys)[0] == 0
    assert embedded(report)["seat"] == 3
    assert run([str(GAME), "--html", str(report)], capsys)[0] == 0
    assert embedded(report)["seat"] is None


def test_one_game_per_report(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    report = tmp_path / "report.html"
    for files in (
        [str(GAME), str(FIXTURES / "2010081709gm-00a9-0000-fe3371ad.mjlog")],
        [str(FIXTURES)],
    ):
        status, out, err = run([*files, "--html", str(report)], capsys)
        assert status == 2 and out == ""
        assert (
            "argument --html: a report holds one game, and FILES name more than one record" in err
        )
        assert not report.exists()
    # a folder that holds one record is one game
    folder = tmp_path / "one"
    folder.mkdir()
    shutil.copy(GAME, folder)
    assert run([str(folder), "--html", str(report)], capsys)[0] == 0 and report.exists()


def test_a_file_that_cannot_be_written_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    missing = tmp_path / "missing" / "report.html"
    status, out, err = run([str(GAME), "--html", str(missing)], capsys)
    assert status == 2 and out == ""
    assert f"argument --html: cannot write to the folder {missing.parent}" in err
    status, _, err = run([str(GAME), "--html", str(tmp_path)], capsys)
    assert status == 2 and f"argument --html: {tmp_path} is a folder" in err

    def fail(*args: object, **kwargs: object) -> int:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(cli_html, "write_review_html", fail)
    status, _, err = run([str(GAME), "--html", str(tmp_path / "r.html")], capsys)
    assert status == 1
    assert err.strip().endswith("cannot write the report: [Errno 28] No space left on device")
    status, _, err = run(
        [str(GAME), "--format", "json", "--html", str(tmp_path / "r.html")], capsys
    )
    assert status == 1 and json.loads(err.splitlines()[-1])["error"]["type"] == "OutputError"


def test_a_record_that_fails_writes_no_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.mjlog"
    bad.write_text("<mjloggm ver='2.3'></mjloggm", encoding="utf-8")
    report = tmp_path / "report.html"
    status, _, err = run([str(bad), "--html", str(report)], capsys)
    assert status == 2 and "bad.mjlog" in err and not report.exists()


@pytest.mark.skipif(
    not shanten.accelerated,
    reason="judged by the odds, a round takes minutes on the reference engine "
    "(tests/discard_odds holds the engines equal on the odds)",
)
def test_judged_by_the_odds_the_report_holds_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """One round of a real game (a quarter of a second by the odds)."""
    lines = (FIXTURES / "2018040923gm-00a9-0000-1833afca.json").read_text(encoding="utf-8")
    record = tmp_path / "round.json"
    record.write_text(lines.splitlines()[0], encoding="utf-8")
    report = tmp_path / "report.html"
    assert run([str(record), "--odds", "--html", str(report)], capsys)[0] == 0
    assert report.read_text(encoding="utf-8") == review_html(review(str(record), odds=True))
    data = embedded(report)
    players = data["players"]
    assert isinstance(players, list) and {p["rating_basis"] for p in players} == {"odds"}
