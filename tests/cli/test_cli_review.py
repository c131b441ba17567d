"""``shanten review``: the table fits 80 columns, CSV and JSON carry every decision, the
player filter, the plot, the progress bar, and failures that do not stop the run."""

from __future__ import annotations

import concurrent.futures
import csv
import importlib.util
import io
import json
import os
import subprocess
import sys
from importlib.machinery import ModuleSpec
from pathlib import Path

import pytest

from shanten.cli.command import main
from shanten.cli.review_output import Chosen, make_output
from shanten.display import widest
from shanten.games.review import GameReview, review

FIXTURES = Path(__file__).parents[1] / "data" / "tenhou"
GAMES = sorted(str(path) for path in FIXTURES.glob("*.mjlog"))
REVIEWS = {path: review(path) for path in GAMES}


def run(arguments: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(["review", "--jobs", "1", *arguments])
    out, err = capsys.readouterr()
    return status, out, err


def some_name() -> tuple[str, dict[str, int]]:
    """A player name that appears in more than one fixture, and its seat in each game
    (the name that appears most often)."""
    seats: dict[str, dict[str, int]] = {}
    for path, game in REVIEWS.items():
        for seat, name in enumerate(game.names):
            seats.setdefault(name, {})[path] = seat
    name = max(seats, key=lambda n: len(seats[n]))
    return name, seats[name]


def test_table_fits_80_columns(capsys: pytest.CaptureFixture[str]) -> None:
    name, _ = some_name()
    japanese = next(n for g in REVIEWS.values() for n in g.names if not n.isascii())
    for player in ([], ["--player", "2"], ["--player", name], ["--player", japanese]):
        status, out, err = run([*GAMES, *player], capsys)
        assert status == 0 and err == ""
        assert out.strip() and max(widest(line) for line in out.splitlines()) <= 80
        for path in GAMES:  # games without the player are left out
            shown = (
                not player or player[1] == "2" or any(n == player[1] for n in REVIEWS[path].names)
            )
            assert (path in out) == shown


def test_table_rows_are_the_summaries(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run([GAMES[0]], capsys)
    assert status == 0
    game = REVIEWS[GAMES[0]]
    for player in game.players:
        row = next(line for line in out.splitlines() if f" {player.name} " in line)
        assert player.rating is not None
        assert row.split()[-6:] == [
            str(player.decisions),
            f"{player.optimal_share:.1%}",
            f"{player.mean_loss:.2f}",
            f"{player.rating:.1f}",
            "t",  # by tile count
            f"{player.threatened}/{player.threatened_loss}",
        ]


def test_table_lists_a_players_discards_below_the_best(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = run([GAMES[0], "--player", "0"], capsys)
    assert status == 0
    game = REVIEWS[GAMES[0]]
    misses = [d for d in game if d.seat == 0 and not d.optimal]
    rows = [line for line in out.splitlines() if line.startswith("    turn ")]
    assert len(rows) == len(misses) > 0
    for row, miss in zip(rows, misses, strict=True):
        assert row.split()[:3] == ["turn", str(miss.turn), miss.hand]
        assert f"cut {miss.discarded}  loss {miss.loss}" in row


def read_csv(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text)))


def test_csv_has_a_header_and_a_row_per_decision(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(["--format", "csv", *GAMES], capsys)
    assert status == 0
    assert out.startswith("path,round,")
    assert out.count("\npath,") == 0  # one header only
    rows = read_csv(out)
    assert len(rows) == sum(len(game) for game in REVIEWS.values())
    first = next(iter(REVIEWS[GAMES[0]]))
    assert rows[0]["path"] == GAMES[0]
    assert rows[0]["hand"] == first.hand and rows[0]["loss"] == str(first.loss)
    assert rows[0]["visible"].split() == [str(n) for n in first.visible]


def test_player_by_seat_and_by_name(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(["--format", "csv", "--player", "1", *GAMES], capsys)
    rows = read_csv(out)
    assert status == 0 and {row["seat"] for row in rows} == {"1"}
    assert len(rows) == sum(game.players[1].discards for game in REVIEWS.values())

    name, seats = some_name()
    status, out, _ = run(["--format", "csv", "--player", name, *GAMES], capsys)
    rows = read_csv(out)
    assert status == 0 and {row["player"] for row in rows} == {name}
    assert len(rows) == sum(REVIEWS[path].players[seat].discards for path, seat in seats.items())
    assert {(row["path"], int(row["seat"])) for row in rows} == set(seats.items())


def test_an_unknown_player_is_an_error(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(["--player", "nobody at all", GAMES[0]], capsys)
    assert status == 2 and out == ""
    assert err == "shanten: error: argument --player: no game has a player named 'nobody at all'\n"
    status, _, err = run(["--player", "4", GAMES[0]], capsys)
    assert status == 2 and "argument --player: seat 4 is not 0-3" in err


def test_json_lines_one_object_per_game(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(["--format", "json", *GAMES], capsys)
    assert status == 0
    lines = out.splitlines()
    assert len(lines) == len(GAMES)
    for line, path in zip(lines, GAMES, strict=True):
        data = json.loads(line)
        assert data == {"path": path, **REVIEWS[path].to_dict()}
    status, out, _ = run(["--format", "json", "--player", "3", GAMES[0]], capsys)
    data = json.loads(out)
    assert [p["seat"] for p in data["players"]] == [3]
    assert len(data["discards"]) == REVIEWS[GAMES[0]].players[3].discards


def test_a_bad_file_is_listed_and_the_others_go_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    broken = tmp_path / "broken.mjlog"
    broken.write_text(Path(GAMES[0]).read_text()[:300])
    missing = str(tmp_path / "missing.mjlog")
    status, out, err = run(["--format", "csv", str(broken), GAMES[0], missing], capsys)
    assert status == 2
    assert len(read_csv(out)) == len(REVIEWS[GAMES[0]])
    lines = err.splitlines()
    assert len(lines) == 2
    assert lines[0].startswith(f"shanten: error: {broken}: ")
    with pytest.raises(Exception) as raised:  # what reviewing the missing file raises
        review(missing)
    message = str(raised.value)
    assert lines[1] == "shanten: error: " + (
        message if missing in message else f"{missing}: {message}"
    )
    assert lines[1].endswith("No such file or directory")
    status, out, err = run(["--format", "json", str(broken), GAMES[0]], capsys)
    assert status == 2 and len(out.splitlines()) == 1
    error = json.loads(err)["error"]
    assert error["type"] == "GameRecordError" and str(broken) in error["message"]


def test_usage_errors(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(["--jobs", "0", GAMES[0]], capsys)
    assert status == 2 and out == ""
    assert err.startswith("usage: shanten review ")
    assert err.endswith("error: argument --jobs: '0' is not a positive whole number\n")
    status, _, err = run(["--format", "json", "--jobs", "x", GAMES[0]], capsys)
    assert status == 2 and json.loads(err)["error"]["type"] == "UsageError"
    assert main(["review"]) == 2
    assert main(["review", "--help"]) == 0
    assert "--player SEAT|NAME" in capsys.readouterr().out


def test_plot_is_a_png(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("matplotlib", reason="matplotlib is not installed (the [review] extra)")
    png = tmp_path / "shanten.png"
    status, _, err = run(["--format", "csv", "--player", "0", "--plot", str(png), *GAMES], capsys)
    assert status == 0 and err == ""
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_plot_curves_are_the_players_rounds() -> None:
    game: GameReview = REVIEWS[GAMES[0]]
    output = make_output("table", Chosen(seat=2))
    curves = output.curves(game)
    assert curves == [turns for turns in game.players[2].shanten_by_round if turns]
    assert sum(map(len, curves)) == game.players[2].discards


def hide(monkeypatch: pytest.MonkeyPatch, module: str) -> None:
    """Make ``module`` look uninstalled to importlib.util.find_spec."""
    find_spec = importlib.util.find_spec

    def without(name: str, package: str | None = None) -> ModuleSpec | None:
        return None if name == module else find_spec(name, package)

    monkeypatch.setattr(importlib.util, "find_spec", without)


def test_plot_without_matplotlib_names_the_extra(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    hide(monkeypatch, "matplotlib")
    status, out, err = run(["--plot", str(tmp_path / "x.png"), GAMES[0]], capsys)
    assert status == 2 and out == ""
    assert err == "shanten: error: --plot needs matplotlib: pip install 'shanten[review]'\n"
    assert not (tmp_path / "x.png").exists()


def test_plot_into_a_missing_folder_fails_before_the_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("matplotlib", reason="matplotlib is not installed (the [review] extra)")
    status, out, err = run(["--plot", str(tmp_path / "no" / "x.png"), GAMES[0]], capsys)
    assert status == 2 and out == ""
    assert f"argument --plot: cannot write to the folder {tmp_path / 'no'}" in err


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_bar_on_a_terminal_only(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("tqdm", reason="tqdm is not installed (the [review] extra)")
    terminal = Terminal()
    monkeypatch.setattr("sys.stderr", terminal)
    assert main(["review", "--jobs", "1", "--format", "csv", *GAMES]) == 0
    assert "file/s]" in terminal.getvalue()  # tqdm's rate, in files per second
    terminal.seek(0)
    terminal.truncate()
    assert main(["review", "--jobs", "1", "--format", "csv", GAMES[0]]) == 0  # one file
    assert terminal.getvalue() == ""
    hide(monkeypatch, "tqdm")  # no tqdm: no bar, no error
    assert main(["review", "--jobs", "1", "--format", "csv", *GAMES]) == 0
    assert terminal.getvalue() == ""
    capsys.readouterr()


def test_a_closed_pipe_stops_quietly(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    class Closed(io.StringIO):
        def write(self, text: str) -> int:
            raise BrokenPipeError

    monkeypatch.setattr("sys.stdout", Closed())
    assert main(["review", "--jobs", "1", *GAMES]) == 141
    assert capsys.readouterr().err == ""


def test_one_file_starts_no_pool(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def no_pool(*args: object, **kwargs: object) -> None:
        raise AssertionError("a process pool was started for one file")

    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", no_pool)
    assert main(["review", GAMES[0]]) == 0
    assert GAMES[0] in capsys.readouterr().out


def test_table_totals_add_up_the_games(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(["--player", "2", *GAMES], capsys)
    assert status == 0
    players = [game.players[2] for game in REVIEWS.values()]
    decisions = sum(p.decisions for p in players)
    optimal = sum(p.optimal for p in players)
    loss = sum(p.total_loss for p in players)
    assert out.splitlines()[-1] == (
        f"total: {len(players)} games, {decisions} decisions, optimal "
        f"{optimal / decisions:.1%}, mean loss {loss / decisions:.2f}"
    )


def test_help_says_the_processes_are_capped(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["review", "--help"]) == 0
    assert "at most one per core and one per file" in " ".join(capsys.readouterr().out.split())


@pytest.mark.skipif(os.name != "posix", reason="a file name that is not UTF-8 is POSIX's")
@pytest.mark.parametrize("kind", ["json", "csv", "table"])
@pytest.mark.parametrize("locale", ["C", "C.UTF-8"])
def test_a_file_name_that_is_not_utf8_is_written_as_valid_utf8(
    tmp_path: Path, kind: str, locale: str
) -> None:
    folder = os.fsencode(tmp_path)
    name = os.path.join(folder, b"game\xff.mjlog")
    try:
        with open(name, "wb") as copy:
            copy.write(Path(GAMES[0]).read_bytes())
    except OSError:  # a file system that takes UTF-8 names only
        pytest.skip("the file system refuses the name")
    env = {**os.environ, "LC_ALL": locale, "PYTHONPATH": os.pathsep.join(sys.path)}
    env.pop("PYTHONIOENCODING", None)
    env.pop("PYTHONUTF8", None)
    done = subprocess.run(
        [sys.executable, "-m", "shanten", "review", "--jobs", "1", "--format", kind, name],
        capture_output=True,
        env=env,
        check=False,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    text = done.stdout.decode("utf-8")  # strict: every byte is UTF-8
    shown = "game\\xff.mjlog"  # the byte that is not UTF-8, escaped
    if kind == "json":
        assert json.loads(text)["path"].endswith(shown)
    elif kind == "csv":
        assert read_csv(text)[0]["path"].endswith(shown)
    else:
        assert shown in text
