"""Ctrl-C during ``shanten HAND --odds`` stops the run at the next row: exit status 130,
as a shell reports a program that SIGINT stopped, and no traceback."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap

import pytest

import shanten

#: A 3-shanten hand whose odds with both switches take seconds over 13 rows.
SLOW = "1357m2468p1357s11z"

#: Runs the command line, saying on stderr as each row of the odds comes to the command's
#: own ``progress`` (none is said if the command passes none). From the second row on it
#: holds the row until the signal comes, so that the run cannot end first however slowly
#: the test sends it: the signal lands while the kernel computes, or at the latest there.
DRIVER = textwrap.dedent(
    """
    import sys
    import time
    import shanten.cli.odds
    from shanten.cli.command import main

    real = shanten.cli.odds.odds

    def odds(*args, progress=None, **kwargs):
        if progress is None:
            return real(*args, **kwargs)
        rows = []
        def told(row):
            rows.append(row)
            print("row", file=sys.stderr, flush=True)
            if len(rows) > 1:
                time.sleep(120)
            return progress(row)
        return real(*args, progress=told, **kwargs)

    shanten.cli.odds.odds = odds
    sys.exit(main(sys.argv[1:]))
    """
)

#: The most seconds the test waits on anything: a bound for a broken run, not a speed.
BOUND = 120


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT is a POSIX signal")
@pytest.mark.skipif(not shanten.accelerated, reason="the plain engine checks signals anyway")
def test_ctrl_c_during_the_odds_stops_quietly_with_130() -> None:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    process = subprocess.Popen(
        [sys.executable, "-c", DRIVER, SLOW, "--odds", "--hand-changes", "--shanten-back"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        assert process.stderr is not None
        first = process.stderr.readline()  # blocks until the first row, or the end
        assert first == "row\n", "no row came to the command's progress"
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=BOUND)
    finally:
        process.kill()
        process.wait()
    assert process.returncode == 130
    assert "Traceback" not in err and "KeyboardInterrupt" not in err
    # stopped at the next row: the table is written only once every row is in
    assert out == "" and err.count("row") <= 2
