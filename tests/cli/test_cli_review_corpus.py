"""``shanten review`` over a corpus: ``--by-player`` (each name's figures, summed here from
the per-game reviews), ``--dask`` (the same output as one process; the missing extra
named), and the progress bar (the total and the time left, on a terminal or when asked
for, never on stdout)."""

from __future__ import annotations

import csv
import importlib.util
import io
import json
import re
import sys
from collections.abc import Iterator
from importlib.machinery import ModuleSpec
from pathlib import Path

import pytest

from shanten.cli.command import main
from shanten.cli.review_progress import Progress, count_files
from shanten.display import widest
from shanten.games.records import GameReview
from shanten.games.review import review

FIXTURES = Path(__file__).parents[1] / "data" / "tenhou"
GAMES: list[str] = []  # filled by _first_rounds
REVIEWS: dict[str, GameReview] = {}


@pytest.fixture(scope="module", autouse=True)
def _first_rounds(tmp_path_factory: pytest.TempPathFactory) -> None:
    """The first round of each fixture game as a record of its own (the log viewer's JSON
    holds a round a line): real records, with the players that meet in several games, at a
    fraction of the whole games' review time (which counts on the reference engine)."""
    folder = tmp_path_factory.mktemp("rounds")
    for source in sorted(FIXTURES.glob("*.json")):
        target = folder / source.name
        target.write_text(source.read_text(encoding="utf-8").splitlines()[0], encoding="utf-8")
        GAMES.append(str(target))
    REVIEWS.update({path: review(path) for path in GAMES})


def run(arguments: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(["review", *arguments])
    out, err = capsys.readouterr()
    return status, out, err


FIGURES = ("games", "decisions", "optimal", "loss", "threatened", "threatened_loss", "kept", "best")


def totals() -> dict[str, dict[str, int]]:
    """Each name's games and sums over the fixtures, added up here."""
    out: dict[str, dict[str, int]] = {}
    for game in REVIEWS.values():
        for name in set(game.names):
            mine = out.setdefault(name, dict.fromkeys(FIGURES, 0))
            mine["games"] += 1
            for player in game.players:
                if player.name == name:
                    mine["decisions"] += player.decisions
                    mine["optimal"] += player.optimal
                    mine["loss"] += player.total_loss
                    mine["threatened"] += player.threatened
                    mine["threatened_loss"] += player.threatened_loss
                    assert player.rating_basis == "tiles"  # whole tiles: sums are exact
                    mine["kept"] += int(player.rating_kept)
                    mine["best"] += int(player.rating_best)
    return out


def test_by_player_table_rows_are_the_sums(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(["--jobs", "1", "--by-player", *GAMES], capsys)
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert max(widest(line) for line in lines) <= 80
    want = totals()
    assert lines[-1] == f"{len(want)} players in {len(GAMES)} games"
    rows = [line for line in lines[1:-1] if not line.startswith("  ")]
    assert len(rows) == len(want)
    for row in rows:
        name = next(n for n in want if row.startswith(n + " ") or row.startswith(n[:17] + "…"))
        mine = want[name]
        assert row.split()[-7:] == [
            str(mine["games"]),
            str(mine["decisions"]),
            f"{mine['optimal'] / mine['decisions']:.1%}",
            f"{mine['loss'] / mine['decisions']:.2f}",
            f"{100 * mine['kept'] / mine['best']:.1f}",
            "t",  # by tile count
            f"{mine['threatened']}/{mine['threatened_loss']}",
        ]


def test_by_player_json_and_csv_agree_with_the_sums(capsys: pytest.CaptureFixture[str]) -> None:
    want = totals()
    status, out, _ = run(["--jobs", "1", "--by-player", "--format", "json", *GAMES], capsys)
    assert status == 0
    players = [json.loads(line) for line in out.splitlines()]
    assert {p["name"]: (p["games"], p["decisions"], p["total_loss"]) for p in players} == {
        name: (mine["games"], mine["decisions"], mine["loss"]) for name, mine in want.items()
    }
    status, out, _ = run(
        ["--jobs", "1", "--by-player", "--format", "csv", "--worst", "2", *GAMES], capsys
    )
    assert status == 0
    rows = list(csv.DictReader(io.StringIO(out)))
    assert [row["name"] for row in rows] == [p["name"] for p in players]
    for row, player in zip(rows, players, strict=True):
        assert int(row["decisions"]) == player["decisions"]
        worst = player["worst_games"][:2]
        assert row["worst_1"] == worst[0]["path"]
        assert float(row["worst_1_mean_loss"]) == worst[0]["mean_loss"]
        assert row["worst_2"] == (worst[1]["path"] if len(worst) > 1 else "")
        assert "worst_3" not in row


def test_by_player_worst_games_are_the_highest_mean_loss(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = run(["--jobs", "1", "--by-player", "--format", "json", *GAMES], capsys)
    assert status == 0
    for player in map(json.loads, out.splitlines()):
        means = {
            path: sum(p.total_loss for p in game.players if p.name == player["name"])
            / sum(p.decisions for p in game.players if p.name == player["name"])
            for path, game in REVIEWS.items()
            if player["name"] in game.names
        }
        ranked = sorted(means, key=lambda path: (-means[path], GAMES.index(path)))
        assert [game["path"] for game in player["worst_games"]] == ranked[:3]


def test_by_player_one_name(capsys: pytest.CaptureFixture[str]) -> None:
    want = totals()
    name = max(want, key=lambda n: want[n]["games"])
    status, out, _ = run(["--jobs", "1", "--by-player", "--player", name, *GAMES], capsys)
    assert status == 0
    rows = [line for line in out.splitlines()[1:-1] if not line.startswith("  ")]
    assert len(rows) == 1 and rows[0].startswith(name)
    status, out, err = run(["--jobs", "1", "--by-player", "--player", "nobody", *GAMES], capsys)
    assert status == 2 and out == ""
    assert err == "shanten: error: argument --player: no game has a player named 'nobody'\n"


def test_worst_only_with_by_player(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(["--jobs", "1", "--worst", "2", GAMES[0]], capsys)
    assert status == 2 and out == ""
    assert err.endswith("shanten: error: argument --worst: only with --by-player\n")
    status, out, _ = run(["--jobs", "1", "--by-player", "--worst", "0", *GAMES], capsys)
    assert status == 0 and "worst" not in out


def test_by_player_writes_no_report(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    report = tmp_path / "report.html"
    status, out, err = run(["--by-player", "--html", str(report), GAMES[0]], capsys)
    assert status == 2 and out == "" and not report.exists()
    assert "argument --html: not allowed with argument --by-player" in err


def test_by_player_goes_on_past_a_bad_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    broken = tmp_path / "broken.mjlog"
    broken.write_text(Path(GAMES[0]).read_text()[:500])
    status, out, err = run(["--jobs", "1", "--by-player", str(broken), *GAMES], capsys)
    assert status == 2
    assert out.splitlines()[-1] == f"{len(totals())} players in {len(GAMES)} games"
    assert err.startswith(f"shanten: error: {broken}") and err.count("\n") == 1


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    """The address of a small in-process Dask cluster: one worker."""
    distributed = pytest.importorskip(
        "distributed", reason="dask[distributed] is not installed (the [dask] extra)"
    )
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None
    ) as cluster:
        yield cluster.scheduler_address


def test_dask_gives_what_one_process_gives(
    scheduler: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = str(tmp_path / "missing.mjlog")
    for kind in (["--format", "table"], ["--by-player", "--format", "json"]):
        one = run(["--jobs", "1", *kind, *GAMES, missing], capsys)
        on_dask = run(["--dask", scheduler, *kind, *GAMES, missing], capsys)
        assert on_dask == one and one[0] == 2 and one[1]


def test_dask_and_jobs_do_not_go_together(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(["--jobs", "2", "--dask", "tcp://127.0.0.1:8786", GAMES[0]], capsys)
    assert status == 2 and out == ""
    assert "argument --dask: not allowed with argument --jobs" in err


def test_dask_missing_names_the_extra(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed fails
    status, out, err = run(["--dask", "tcp://127.0.0.1:8786", *GAMES], capsys)
    assert status == 2 and out == ""
    assert err == ("shanten: error: --dask needs dask[distributed]: pip install 'shanten[dask]'\n")
    status, out, err = run(["--format", "json", "--dask", "tcp://127.0.0.1:8786", *GAMES], capsys)
    assert status == 2 and out == ""
    assert json.loads(err)["error"]["type"] == "MissingExtra"


def test_dask_unreachable_is_an_error(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("distributed", reason="dask[distributed] is not installed")
    import dask

    with dask.config.set({"distributed.comm.timeouts.connect": "0.2s"}):
        status, out, err = run(["--dask", "tcp://127.0.0.1:1", GAMES[0]], capsys)
    assert status == 2 and out == ""
    assert err.startswith(
        "shanten: error: --dask: cannot reach a Dask scheduler at tcp://127.0.0.1:1"
    )


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def hide(monkeypatch: pytest.MonkeyPatch, module: str) -> None:
    find_spec = importlib.util.find_spec

    def without(name: str, package: str | None = None) -> ModuleSpec | None:
        return None if name == module else find_spec(name, package)

    monkeypatch.setattr(importlib.util, "find_spec", without)


#: tqdm's counts and times: ``done/total [elapsed<left, rate]``, the time left known.
BAR = re.compile(r"(\d+)/(\d+) \[\d\d:\d\d<\d\d:\d\d, [^\]]+\]")


@pytest.fixture
def every_update(monkeypatch: pytest.MonkeyPatch) -> None:
    """The bar drawn at every file, not at most ten times a second: the test's few
    files take less than that."""
    pytest.importorskip("tqdm", reason="tqdm is not installed (the [review] extra)")
    monkeypatch.setattr(Progress, "MININTERVAL", 0.0)


@pytest.mark.usefixtures("every_update")
@pytest.mark.parametrize("by_player", [[], ["--by-player"]])
def test_the_bar_shows_the_total_and_the_time_left(
    by_player: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    terminal = Terminal()
    monkeypatch.setattr("sys.stderr", terminal)
    status, out, _ = run(["--jobs", "1", "--format", "json", *by_player, *GAMES], capsys)
    assert status == 0
    counts = [(int(done), int(total)) for done, total in BAR.findall(terminal.getvalue())]
    assert counts == [(done, len(GAMES)) for done in range(1, len(GAMES) + 1)]
    assert all(json.loads(line) for line in out.splitlines())  # stdout holds the JSON only


@pytest.mark.usefixtures("every_update")
def test_the_table_on_the_same_terminal_starts_clear_of_the_bar(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """stdout and stderr on one terminal: the bar is cleared before each game is written,
    so no game's lines start after the bar's text."""
    terminal = Terminal()
    monkeypatch.setattr("sys.stderr", terminal)
    monkeypatch.setattr("sys.stdout", terminal)
    assert main(["review", "--jobs", "1", *GAMES]) == 0
    text = terminal.getvalue()
    assert BAR.search(text)
    for path in GAMES:
        before = text[: text.index(path)]
        assert before == "" or before[-1] in "\r\n", repr(before[-40:])


@pytest.mark.usefixtures("every_update")
def test_no_bar_off_a_terminal_unless_asked(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    as_csv = ["--jobs", "1", "--by-player", "--format", "csv"]
    status, _, err = run([*as_csv, *GAMES], capsys)
    assert status == 0 and err == ""
    status, _, err = run([*as_csv, "--progress", *GAMES], capsys)
    assert status == 0 and BAR.search(err)
    terminal = Terminal()
    monkeypatch.setattr("sys.stderr", terminal)
    assert main(["review", *as_csv, "--no-progress", *GAMES]) == 0
    assert terminal.getvalue() == ""


def test_progress_without_tqdm_names_the_extra(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    hide(monkeypatch, "tqdm")
    status, out, err = run(["--progress", *GAMES], capsys)
    assert status == 2 and out == ""
    assert err == "shanten: error: --progress needs tqdm: pip install 'shanten[review]'\n"


def test_counting_gives_up_when_it_takes_long(tmp_path: Path) -> None:
    for name in ("a.mjlog", "b.json", "c.txt"):
        (tmp_path / name).write_text("")
    assert count_files([tmp_path, tmp_path / "a.mjlog", "missing.mjlog"]) == 4
    ticks = iter(range(100))

    def clock() -> float:  # one second a call
        return float(next(ticks))

    assert count_files([tmp_path], within=2.5, clock=clock) == 2  # done at the third tick
    assert count_files([tmp_path, tmp_path], within=2.5, clock=clock) is None


def test_help_names_the_new_options(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(["--help"], capsys)
    text = " ".join(out.split())
    assert status == 0
    for option in ("--by-player", "--worst N", "--dask ADDRESS", "--progress, --no-progress"):
        assert option in text
