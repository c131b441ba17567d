"""The command line as a script meets it: exit statuses, errors on stderr (as JSON with
--json), output that cannot be written, and the help."""

from __future__ import annotations

import errno
import io
import json
import os
import subprocess
import sys
from unicodedata import east_asian_width

import pytest

from shanten.cli.command import COMMANDS, WIDTH, main
from shanten.report import report

HAND = "23489m6799p22567s"


class FailingStream(io.StringIO):
    """A stdout whose writes fail as a full disk or a closed pipe makes them fail."""

    def __init__(self, error: OSError) -> None:
        super().__init__()
        self.error = error

    def write(self, text: str) -> int:
        raise self.error


def shanten(
    *argv: str, stdout: int | None = subprocess.PIPE, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "shanten", *argv],
        stdout=stdout,
        stderr=subprocess.PIPE,
        text=True,
        check=False,
        env=None if env is None else {**os.environ, **env},
    )


@pytest.mark.parametrize(
    ("argv", "status", "message"),
    [
        ([HAND], 1, "shanten: error: cannot write the output: No space left on device\n"),
        ([HAND, "--json"], 1, None),
        (["--help"], 1, "shanten: error: cannot write the output: No space left on device\n"),
    ],
)
def test_a_full_disk_fails_with_one_line(
    argv: list[str],
    status: int,
    message: str | None,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setattr(
        sys, "stdout", FailingStream(OSError(errno.ENOSPC, os.strerror(errno.ENOSPC)))
    )
    assert main(argv) == status
    err = capsys.readouterr().err
    if message is None:  # --json: the error as JSON
        error = json.loads(err)["error"]
        assert error == {
            "type": "OutputError",
            "message": "cannot write the output: No space left on device",
        }
    else:
        assert err == message


def test_a_closed_pipe_exits_141_quietly(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdout", FailingStream(BrokenPipeError(errno.EPIPE, "Broken pipe")))
    assert main([HAND]) == 141
    assert capsys.readouterr().err == ""


def test_no_stdout_is_an_error(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdout", None)
    assert main([HAND]) == 1
    assert capsys.readouterr().err == "shanten: error: cannot write the output: stdout is closed\n"


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full (Linux)")
@pytest.mark.parametrize("argv", [[HAND], ["--help"]])
def test_dev_full_in_a_real_process(argv: list[str]) -> None:
    with open("/dev/full", "w") as full:
        done = shanten(*argv, stdout=full.fileno())
    assert done.returncode == 1
    assert done.stderr == "shanten: error: cannot write the output: No space left on device\n"


def test_closed_stdout_in_a_real_process() -> None:
    done = subprocess.run(
        ["sh", "-c", 'exec "$0" -m shanten "$1" >&-', sys.executable, HAND],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 1
    assert done.stderr == "shanten: error: cannot write the output: stdout is closed\n"


def test_a_pipe_without_reader_in_a_real_process() -> None:
    read, write = os.pipe()
    os.close(read)
    try:
        done = shanten(HAND, stdout=write)
    finally:
        os.close(write)
    assert done.returncode == 141 and done.stderr == ""


def test_an_encoding_without_the_tiles_in_a_real_process() -> None:
    done = shanten(HAND, env={"PYTHONIOENCODING": "latin-1"})
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.count("\n") == 1
    assert "cannot write the output: the output encoding latin-1 cannot show U+1F008" in done.stderr


@pytest.mark.parametrize(
    ("argv", "kwargs"),
    [
        (["12x3m"], {}),
        (["11111m"], {}),
        (["2m", "--players", "3"], {"players": 3}),
        (["1m", "--melds", "124m"], {"melds": ["124m"]}),
        (["1z", "--visible", "1111z"], {"visible": "1111z"}),
    ],
)
def test_json_errors_are_json(
    argv: list[str], kwargs: dict[str, object], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(ValueError) as raised:
        report(argv[0], **kwargs)  # type: ignore[arg-type]
    assert main([*argv, "--json"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1
    # a bad meld is said to be one of --melds, then as the library says it
    said = "argument --melds: meld 1 of '124m' is not valid: " if "--melds" in argv else ""
    assert json.loads(captured.err) == {
        "error": {"type": type(raised.value).__name__, "message": said + str(raised.value)}
    }


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--json"], "the following arguments are required: hand"),
        ([HAND, "--json", "--players", "5"], "argument --players: invalid choice: 5"),
        ([HAND, "--json", "--colour"], "unrecognized arguments: --colour"),
        ([HAND, "--js", "--players", "5"], "argument --players: invalid choice: 5"),
    ],
)
def test_json_usage_errors_are_json(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    captured = capsys.readouterr()
    error = json.loads(captured.err)["error"]
    assert error["type"] == "UsageError" and message in error["message"]
    assert captured.out == ""


def test_text_usage_errors_show_the_usage(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([HAND, "--players", "5"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: shanten ")
    assert err.endswith(
        "shanten: error: argument --players: invalid choice: 5 (choose from 3, 4)\n"
    )


@pytest.mark.parametrize("columns", [WIDTH, 60])
def test_help_fits_and_lists_the_commands(
    columns: int, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("COLUMNS", str(columns))
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    # the usage is argparse's; the rest fits, CJK characters taking two columns
    drawn = [sum(1 + (east_asian_width(c) == "W") for c in line) for line in out.splitlines()]
    assert (
        max(n for n, line in zip(drawn, out.splitlines(), strict=True) if "[" not in line)
        <= columns
    )
    usage = out.split("\n\n")[0]
    for name in COMMANDS:
        assert f"shanten {name} " in usage
        assert any(line.startswith(f"  {name} ") for line in out.splitlines())
    assert "Exact shanten number" in out
    assert main(["--players", "5"]) == 2
    assert "shanten serve" in capsys.readouterr().err  # the usage on errors, too
