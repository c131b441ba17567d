"""``shanten.odds`` in a child process, so that a call past its time limit can be stopped.

Run as a script it reads ``HAND DRAWS ON JOBS [DISCARDS]`` lines (ON: 1 for both switches,
0 for none; JOBS: the ``jobs`` of the call, 0 for None, every core; DISCARDS:
comma-separated tiles, to compute those rows only)
and answers one JSON line each: the seconds of the call (``time.perf_counter`` around it)
and per discard ``[win[-1], tenpai[-1]]``, or the error it raised. :class:`Ours` drives it
from the benchmark.
"""

from __future__ import annotations

import json
import select
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

__all__ = ["Ours"]


class Ours:
    """The worker process; restarted after a call that ran past its limit."""

    def __init__(self) -> None:
        self._process: subprocess.Popen[str] | None = None

    def _start(self) -> subprocess.Popen[str]:
        if self._process is None:
            self._process = subprocess.Popen(
                [sys.executable, str(Path(__file__).resolve())],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                text=True,
                bufsize=1,
            )
        return self._process

    def solve(
        self,
        hand: str,
        *,
        draws: int,
        on: bool,
        timeout: float,
        rows: list[str] | None = None,
        jobs: int | None = 1,
    ) -> Any:
        """The worker's answer, or ``{"timeout": timeout}`` when it took longer; ``rows``
        asks for those discards' rows only, ``jobs`` is the call's (None: every core)."""
        process = self._start()
        assert process.stdin is not None and process.stdout is not None
        some = f" {','.join(rows)}" if rows is not None else ""
        process.stdin.write(f"{hand} {draws} {int(on)} {jobs or 0}{some}\n")
        process.stdin.flush()
        ready, _, _ = select.select([process.stdout], [], [], timeout)
        if not ready:
            self.close(kill=True)
            return {"timeout": timeout}
        return json.loads(process.stdout.readline())

    def close(self, kill: bool = False) -> None:
        """End the worker."""
        if self._process is None:
            return
        if kill:
            self._process.kill()
        elif self._process.stdin is not None:
            self._process.stdin.close()
        self._process.wait(timeout=30)
        self._process = None


def _serve() -> None:
    import shanten

    odds: Any = vars(shanten)["odds"]
    for line in sys.stdin:
        hand, draws, on, jobs, *some = line.split()
        flag = on == "1"
        wanted = some[0].split(",") if some else None
        start = time.perf_counter()
        try:
            rows = odds(
                hand,
                draws=int(draws),
                hand_changes=flag,
                shanten_back=flag,
                discards=wanted,
                jobs=int(jobs) or None,
            )
        except Exception as error:  # reported, not raised: the refusal case
            answer: dict[str, Any] = {"error": f"{type(error).__name__}: {error}"}
        else:
            answer = {"rows": {str(r.discard): [r.win[-1], r.tenpai[-1]] for r in rows}}
        answer["seconds"] = time.perf_counter() - start
        print(json.dumps(answer), flush=True)


if __name__ == "__main__":
    _serve()
