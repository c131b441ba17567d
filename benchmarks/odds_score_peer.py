"""The expected score of each discard, ours (``shanten.odds(..., score=...)``) beside
mahjong-cpp's (``ExpectedScoreCalculator``'s ``exp_score``), on seeded hands.

``python benchmarks/odds_score_peer.py --peer PATH/mahjong_cpp_driver_score [--hands N]
[--slow-hands N] [--ready N] [--workers N] [--quick] [--hand HAND ...]``

The peer is a driver of your own, built outside this project against a mahjong-cpp
checkout (none is shipped here): a copy of the odds driver (protocol in ``odds_peer``)
that also takes ``seat=``, ``round=`` (wind numbers, 1 East .. 4 North), ``dora=`` (the
indicators, mpsz, ``-`` for none), ``ura=0|1`` and ``red=0|1`` on a hand's line, sets them
in its ``RoundState``, ``PlayerState`` and ``TableState`` (``dora_indicators``; its
``create_wall`` takes them out of its wall) and prints each row's ``exp_score`` vector as
``"score"``, in the order of its ``"win"`` (``[draws]``: the hand as it stands). Built as
the odds driver is, from the same objects::

    g++ -O2 -DNDEBUG -std=c++17 -Ishim -Isrc/src -DSPDLOG_FMT_EXTERNAL driver_score.cpp \\
        obj/*.o -o bin/mahjong_cpp_driver_score -lfmt

The game: 4 players, the player South (non-dealer) in the East round, one dora indicator
per hand (drawn, seeded by the hand, from the tiles it does not hold four of), 17 draws,
the switches both off or both on. Ours: ``ScoreContext(seat_wind="2z", round_wind="1z",
dora=indicator, riichi="always")`` with the indicator among ``visible`` (so both walls
lack it).
The peer is asked twice: ``red=0`` (no red five anywhere: on these plain hands the same
as ours, whose red fives count only in the hand) and ``red=1`` (its default: a drawn red
five counts). Hands: ``odds.py``'s (14 tiles off a shuffled wall with its seed, by
shanten), the first ``--hands`` of 1- and of 2-shanten.

Per hand it prints the best discard by ``score[-1]`` on the rows both compute (with its
switches off the peer computes only the discards that keep the best shanten), ours and
the peer's, each side's value of both, and the CPU time. The best agree when the sets of
discards within ``TIE`` points of each side's best meet. Then per family and setting: the
agreement counts, the mean difference ours - peer of ``score[-1]``, of ``win[-1]`` and of
the points per win (``score[-1] / win[-1]``) over the common rows, and the median ratio of
the times (``win`` is each side's win plan, so the points per win mix two plans: a
rough split of a score gap into chance and price). Where the best disagree it also
solves ours without ippatsu (the one bonus ours counts and the peer does not; reference
engine only), to tell which class of model difference moves the choice.

Then the pricing check, ``--ready`` seeded ready hands, one draw, switches off: both
declare riichi at once, so each ready row's figure is a sum over the winning tiles, and
ours without ippatsu, moved to the peer's model (its first draw one tile short, the row's
discard back in its wall, among its winning tiles and the ura dora indicators' pool),
must give the peer's figure from our scorer: the printed gap is that check.

Where the models differ (mahjong-cpp read at its source; ours in ``docs/odds.md``):

- its wall: every discarded tile is back in it, its first draw is counted one tile short,
  and all rows share one graph (a draw can take a move another path recorded), so its
  chances run higher than ours where hand changes apply;
- ippatsu: ours prices the first draw after riichi with it, the peer never (its wins are
  scored ``Tsumo | Riichi``); no haitei on either side (``haitei=False``);
- its ura dora pool is its wall at the win, the row's discard included;
- its red fives: with ``red=1`` a drawn red five counts (ours: drawn fives plain);
- it takes the better of a self-drawn win and going on from the complete hand
  (``max(score, value after the draw)``), so it may pass a cheap win, even in riichi
  from another wait its shared graph holds; ours always takes a win with a yaku;
- its hand-change budget is checked at the hand it leaves (ours at the hand it makes).

Writes ``odds_score_peer_results.json`` beside this file.

Time: ours is the process CPU time of the whole table with score; the peer's its own
``steady_clock`` best of ``--repeats``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager, nullcontext
from pathlib import Path
from typing import Any

import numpy as np
from odds import DRAWS, SEED, deal_hands
from odds_peer import Peer

import shanten
from shanten.notation import format_counts
from shanten.score_types import Worth

FAMILIES = ("1-shanten", "2-shanten")
SETTINGS = {"off": False, "on": True}
SEAT, ROUND = "2z", "1z"
TIE = 1e-6  # points: discards this close to the best are tied
RESULTS = Path(__file__).with_name("odds_score_peer_results.json")


def indicator_of(hand: str) -> str:
    """A dora indicator for ``hand``, seeded by it: a copy drawn from the tiles unseen."""
    counts = shanten.Hand(hand).counts
    pool = [k for k in range(34) for _ in range(4 - counts[k])]
    return str(shanten.Tile(random.Random(hand).choice(pool)))


def context(indicator: str) -> shanten.ScoreContext:
    return shanten.ScoreContext(seat_wind=SEAT, round_wind=ROUND, dora=indicator, riichi="always")


@contextmanager
def no_ippatsu() -> Iterator[None]:
    """Within this block, price every riichi win without ippatsu (the reference engine)."""
    from shanten._native import odds_score, odds_worth

    def plain(
        worth: Worth, start: Sequence[int], hand: tuple[int, ...], tile: int, unseen: Sequence[int]
    ) -> odds_worth.Prices:
        p = odds_worth.price(worth, start, hand, tile, unseen)
        return odds_worth.Prices(p.closed, p.closed_last, (p.riichi[0], p.riichi[0]))

    names = vars(odds_score)  # the engine reads price() by this name
    names["price"] = plain
    try:
        yield
    finally:
        names["price"] = odds_worth.price


def ready_hands(count: int, seed: int = SEED) -> list[str]:
    """Seeded 14-tile hands off shuffled walls that can discard to a ready hand."""
    rng = np.random.default_rng(seed)
    found: list[str] = []
    while len(found) < count:
        counts = np.bincount(rng.permutation(136)[:14] // 4, minlength=34).tolist()
        if shanten.shanten(counts) == 0:
            found.append(format_counts(counts))
    return found


def ready_check(hand: str, indicator: str) -> dict[str, Any]:
    """One draw from a ready hand, switches off, riichi at once: ours without ippatsu,
    and the peer's figure predicted by its model from our scorer (its wall one tile
    short, the row's discard back in its wall: among its winning tiles and its ura dora
    indicators). Reference engine only (the pricing is read from it)."""
    from shanten._native.odds_worth import price
    from shanten.hand import position

    pos = position(hand)
    worth = context(indicator).checked(pos, hand)
    counts = list(pos.counts)
    seen = list(counts)
    seen[shanten.Tile(indicator).index] += 1
    rows = {}
    with no_ippatsu():
        table = shanten.odds(hand, draws=1, visible=indicator, score=context(indicator), jobs=1)
    assert isinstance(table, tuple)  # a 14-tile hand: its rows
    for row in table:
        assert row.score is not None
        if row.shanten != 0:
            continue
        d = row.discard.index
        start = list(counts)
        start[d] -= 1
        unseen = [4 - c for c in seen]  # ours: the discard is seen
        theirs = list(unseen)
        theirs[d] += 1  # its: back in the wall
        wall = sum(unseen)  # ours S; its first draw divides by S - 1
        predicted = 0.0
        for t in range(34):
            won = list(start)
            won[t] += 1
            if theirs[t] <= 0 or shanten.shanten(won) != -1:
                continue
            p = price(worth, tuple(start), tuple(won), t, theirs)
            predicted += theirs[t] / (wall - 1) * p.riichi[0][0]
        rows[str(row.discard)] = {
            "ours": row.score[-1],
            "ours win": row.win[-1],
            "peer predicted": predicted,
        }
    return rows


def ours(hand: str, on: bool, indicator: str, ippatsu: bool = True) -> dict[str, Any]:
    """Our table with score: discard -> (score, win, tenpai), and its CPU time."""
    with nullcontext() if ippatsu else no_ippatsu():
        start = time.process_time()
        table = shanten.odds(
            hand,
            draws=DRAWS,
            hand_changes=on,
            shanten_back=on,
            visible=indicator,
            score=context(indicator),
            jobs=1,
        )
        seconds = time.process_time() - start
    assert isinstance(table, tuple)
    rows = {}
    for row in table:
        if row.score is None:
            raise RuntimeError("no score in the rows: the engine does not compute it")
        rows[str(row.discard)] = (row.score[-1], row.win[-1], row.tenpai[-1])
    return {"rows": rows, "seconds": seconds}


class ScorePeer(Peer):
    """The score driver: the odds driver's process, asked with the game's keys too."""

    def ask(self, hand: str, **keys: object) -> Any:
        stdin, stdout = self._process.stdin, self._process.stdout
        assert stdin is not None and stdout is not None
        words = " ".join(f"{k}={int(v) if isinstance(v, bool) else v}" for k, v in keys.items())
        stdin.write(f"{hand} {words}\n")
        stdin.flush()
        while True:
            line = stdout.readline()
            if not line:
                raise RuntimeError(f"{self.binary} stopped on {hand}")
            if line.startswith("{"):
                return json.loads(line)


def peer_rows(answer: dict[str, Any]) -> dict[str, tuple[float, float, float]]:
    """The peer's discard -> (score, win, tenpai) for the hand as it stands."""
    return {r["discard"]: (r["score"][-1], r["win"][-1], r["tenpai"][-1]) for r in answer["rows"]}


def top(rows: dict[str, tuple[float, float, float]], among: set[str]) -> set[str]:
    best = max(rows[d][0] for d in among)
    return {d for d in among if rows[d][0] >= best - TIE}


def per_win(row: tuple[float, float, float]) -> float:
    return row[0] / row[1] if row[1] > 0 else 0.0


def compare(
    mine: dict[str, tuple[float, float, float]], its: dict[str, tuple[float, float, float]]
) -> dict[str, Any]:
    common = set(mine) & set(its)
    a, b = top(mine, common), top(its, common)
    ours_best = max(a, key=lambda d: (mine[d][0], d))
    peer_best = max(b, key=lambda d: (its[d][0], d))
    order = sorted(common)
    return {
        "agree": bool(a & b),
        "ours best": ours_best,
        "peer best": peer_best,
        "ours": {d: round(mine[d][0], 2) for d in sorted({ours_best, peer_best})},
        "peer": {d: round(its[d][0], 2) for d in sorted({ours_best, peer_best})},
        "score diff": statistics.fmean(mine[d][0] - its[d][0] for d in order),
        "win diff": statistics.fmean(mine[d][1] - its[d][1] for d in order),
        "per win diff": statistics.fmean(per_win(mine[d]) - per_win(its[d]) for d in order),
        "rows": {d: {"ours": mine[d], "peer": its[d]} for d in order},
    }


def engine_note() -> str:
    """Which of our engines computes the score."""
    return "kernel" if shanten.accelerated else "reference (pure Python)"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--peer", type=Path, default=os.environ.get("MAHJONG_CPP_SCORE_DRIVER"))
    parser.add_argument("--hands", type=int, default=20, help="hands per family")
    parser.add_argument(
        "--slow-hands", type=int, help="2-shanten hands with the switches on (--hands)"
    )
    parser.add_argument("--hand", action="append", default=[], help="a hand of your own")
    parser.add_argument("--quick", action="store_true", help="2 hands of each family")
    parser.add_argument("--workers", type=int, default=2, help="processes solving ours")
    parser.add_argument("--repeats", type=int, default=3, help="the peer's timing repeats")
    parser.add_argument("--ready", type=int, default=30, help="ready hands of the check")
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args(argv)
    if args.peer is None or not Path(args.peer).is_file():
        sys.exit("odds_score_peer.py needs --peer PATH (or MAHJONG_CPP_SCORE_DRIVER)")
    engine = engine_note()
    dealt = deal_hands(2 if args.quick else args.hands)
    families = {f: dealt[f] for f in FAMILIES}
    if args.hand:
        families["your hands"] = args.hand
    slow = len(dealt["2-shanten"]) if args.slow_hands is None else args.slow_hands
    jobs = [
        (family, setting, hand, indicator_of(hand))
        for setting in SETTINGS
        for family, hands in families.items()
        for hand in (hands[:slow] if (family, setting) == ("2-shanten", "on") else hands)
    ]
    ready = [(h, indicator_of(h)) for h in ready_hands(0 if engine == "kernel" else args.ready)]
    peer = ScorePeer(args.peer, repeats=args.repeats)
    answers: dict[tuple[str, str, int], Any] = {}
    try:
        for hand, indicator in ready:
            answers[(hand, "ready", 0)] = peer.ask(
                hand,
                draws=1,
                tegawari=0,
                shanten_down=0,
                seat=int(SEAT[0]),
                round=int(ROUND[0]),
                dora=indicator,
                ura=1,
                red=0,
            )
        for _family, setting, hand, indicator in jobs:
            on = SETTINGS[setting]
            for red in (0, 1):
                answers[(hand, setting, red)] = peer.ask(
                    hand,
                    draws=DRAWS,
                    tegawari=on,
                    shanten_down=on,
                    seat=int(SEAT[0]),
                    round=int(ROUND[0]),
                    dora=indicator,
                    ura=1,
                    red=red,
                )
    finally:
        peer.close()
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        checks = [pool.submit(ready_check, h, i) for h, i in ready]
        pricing = []
        for (hand, indicator), check in zip(ready, checks, strict=True):
            its = peer_rows(answers[(hand, "ready", 0)])
            for discard, row in check.result().items():
                pricing.append(
                    {"hand": hand, "dora indicator": indicator, "discard": discard, **row}
                    | {"peer": its[discard][0] if discard in its else None}
                )
        futures = [pool.submit(ours, h, SETTINGS[s], i) for _f, s, h, i in jobs]
        mine = [f.result() for f in futures]
        found: list[dict[str, Any]] = []
        for (family, setting, hand, indicator), answer in zip(jobs, mine, strict=True):
            entry: dict[str, Any] = {
                "family": family,
                "setting": setting,
                "hand": hand,
                "dora indicator": indicator,
                "ours seconds": answer["seconds"],
            }
            for red in (0, 1):
                its = answers[(hand, setting, red)]
                entry[f"red{red}"] = compare(answer["rows"], peer_rows(its))
                entry[f"red{red}"]["peer ms"] = its["time_ms"]
                entry[f"red{red}"]["peer states"] = its["states"]
                entry[f"red{red}"]["ratio"] = answer["seconds"] * 1000 / its["time_ms"]
            found.append(entry)
        # Where the best disagree (red=0), ours again without ippatsu.
        redo = [e for e in found if not e["red0"]["agree"]]
        if redo and not shanten.accelerated:
            again = [
                pool.submit(ours, e["hand"], SETTINGS[e["setting"]], e["dora indicator"], False)
                for e in redo
            ]
            for e, f in zip(redo, again, strict=True):
                its = {d: v["peer"] for d, v in e["red0"]["rows"].items()}
                e["without ippatsu"] = compare(f.result()["rows"], its)
    report(found, engine)
    report_pricing(pricing)
    args.out.write_text(
        json.dumps(
            {
                "engine": engine,
                "draws": DRAWS,
                "seat": SEAT,
                "round": ROUND,
                "riichi": "always",
                "tie": TIE,
                "hands": found,
                "ready check": pricing,
            },
            indent=1,
        )
        + "\n"
    )
    print(f"\nwrote {args.out}")
    return 0


def report(found: list[dict[str, Any]], engine: str) -> None:
    print(f"{DRAWS} draws, seat {SEAT}, round {ROUND}, riichi always; ours: {engine}.")
    print("best discard by score[-1] on the rows both compute; peer red=0 (its red=1 after /)")
    print()
    for e in found:
        r0, r1 = e["red0"], e["red1"]
        flag = "same" if r0["agree"] else "DIFF"
        print(
            f"{e['family']:9} {e['setting']:3} {e['hand']:18} dora {e['dora indicator']}: "
            f"{flag} ours {r0['ours best']} {r0['ours']} peer {r0['peer best']} {r0['peer']}"
            f" / {r1['peer best']} {r1['peer']} | ours {e['ours seconds']:.2f} s, "
            f"peer {r0['peer ms']:.1f} ms, x{r0['ratio']:.2g}"
        )
        if "without ippatsu" in e:
            w = e["without ippatsu"]
            print(
                f"    ours without ippatsu: {'same' if w['agree'] else 'DIFF'} "
                f"ours {w['ours best']} {w['ours']} peer {w['peer best']} {w['peer']}"
            )
    print()
    print(
        "| hands | switches | n | same best (red=0) | same best (red=1) | score Δ | win Δ "
        "| points/win Δ | score Δ (red=1) | time ours/peer (median) |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    keys = sorted({(e["setting"], e["family"]) for e in found}, key=lambda k: (k[0] != "off", k))
    for setting, family in keys:
        group = [e for e in found if e["family"] == family and e["setting"] == setting]
        n = len(group)

        def mean(key: str, red: int = 0, group: list[dict[str, Any]] = group) -> float:
            return statistics.fmean(e[f"red{red}"][key] for e in group)

        print(
            f"| {family} | {setting} | {n} | {sum(e['red0']['agree'] for e in group)} "
            f"| {sum(e['red1']['agree'] for e in group)} | {mean('score diff'):+.1f} "
            f"| {mean('win diff'):+.4f} | {mean('per win diff'):+.1f} "
            f"| {mean('score diff', 1):+.1f} "
            f"| {statistics.median(e['red0']['ratio'] for e in group):.2g} |"
        )


def report_pricing(pricing: list[dict[str, Any]]) -> None:
    if not pricing:
        return
    common = [p for p in pricing if p["peer"] is not None]
    gap = max(abs(p["peer"] - p["peer predicted"]) for p in common)
    worst = max(common, key=lambda p: abs(p["peer"] - p["ours"]))
    hands = len({p["hand"] for p in pricing})
    print()
    print(
        f"One draw from {hands} ready hands ({len(pricing)} ready rows, {len(common)} "
        "in the peer), switches off, riichi at once, ours without ippatsu: the peer's "
        "figure predicted from our scorer by its model (wall one short, the discard back "
        f"in its wall) is off by {gap:.2e} points at most; ours - peer "
        f"{statistics.fmean(p['ours'] - p['peer'] for p in common):+.3f} on average, "
        f"{worst['ours'] - worst['peer']:+.3f} at most ({worst['hand']} discarding "
        f"{worst['discard']})."
    )


if __name__ == "__main__":
    sys.exit(main())
