"""Whether ``shanten.odds`` and mahjong-cpp pick the same best discard, over more hands.

``python benchmarks/odds_agreement.py --peer PATH/mahjong_cpp_driver [--hands N] [--quick]``

The driver is the one ``benchmarks/odds.py`` uses (protocol in ``odds_peer``). Hands are
``odds.py``'s: 14 tiles off a shuffled wall with its seed, by shanten, so the first 13 of
each family are that benchmark's; ``--hands`` deals more. 17 draws, the switches both off
or both on (``hand_changes`` + ``shanten_back`` / ``tegawari`` + ``shanten_down``). On the
rows both compute (with its switches off the peer computes only the discards that keep
the best shanten), the best discard by ``win[-1]`` and by ``tenpai[-1]`` agree when the
two sets of discards within 1e-9 of the best meet, as in ``odds.py``. Prints the counts,
the mean difference (ours - peer), and every hand where they disagree with its figures.
``--hand`` adds hands of your own.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
from pathlib import Path
from typing import Any

from odds import DRAWS, best, deal_hands, peer_rows
from odds_peer import Peer

import shanten

FAMILIES = ("1-shanten", "2-shanten", "3-shanten")


def ours_rows(hand: str, on: bool) -> dict[str, tuple[float, float]]:
    table = shanten.odds(hand, draws=DRAWS, hand_changes=on, shanten_back=on)
    return {str(r.discard): (r.win[-1], r.tenpai[-1]) for r in table}


def check(peer: Peer, hand: str, on: bool) -> dict[str, Any]:
    theirs = peer_rows(peer.solve(hand, draws=DRAWS, tegawari=on, shanten_down=on))
    ours = ours_rows(hand, on)
    common = set(ours) & set(theirs)
    out: dict[str, Any] = {"hand": hand, "on": on}
    for which, name in ((0, "win"), (1, "tenpai")):
        mine, its = best(ours, which, common), best(theirs, which, common)
        out[name] = bool(mine & its)
        out[f"{name} ours"] = {d: round(ours[d][which], 4) for d in sorted(mine | its)}
        out[f"{name} peer"] = {d: round(theirs[d][which], 4) for d in sorted(mine | its)}
        out[f"{name} diff"] = statistics.fmean(ours[d][which] - theirs[d][which] for d in common)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--peer", type=Path, default=os.environ.get("MAHJONG_CPP_DRIVER"))
    parser.add_argument("--hands", type=int, default=13, help="hands per family")
    parser.add_argument("--hand", action="append", default=[], help="a hand of your own")
    parser.add_argument("--quick", action="store_true", help="2 hands of 1- and 2-shanten")
    args = parser.parse_args(argv)
    if args.peer is None or not Path(args.peer).is_file():
        sys.exit("odds_agreement.py needs --peer PATH (or MAHJONG_CPP_DRIVER)")
    dealt = deal_hands(2 if args.quick else args.hands)
    families = {f: dealt[f] for f in FAMILIES[: 2 if args.quick else 3]}
    if args.hand:
        families["your hands"] = args.hand
    peer = Peer(args.peer)
    found: list[dict[str, Any]] = []
    try:
        for setting, on in (("off", False), ("on", True)):
            for family, hands in families.items():
                for hand in hands:
                    found.append({"family": family, "setting": setting, **check(peer, hand, on)})
                print(f"# {family} / {setting} done", file=sys.stderr, flush=True)
    finally:
        peer.close()
    print(f"{DRAWS} draws; best discard by ours and by mahjong-cpp, on the rows both compute.")
    print()
    print("| hands | switches | count | same best (win) | same best (tenpai) | mean win Δ |")
    print("|---|---|---|---|---|---|")
    groups: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for entry in found:
        groups.setdefault((entry["family"], entry["setting"]), []).append(entry)
    for setting in ("off", "on"):
        rows = [e for e in found if e["setting"] == setting]
        keys = [k for k in groups if k[1] == setting] + [("all", setting)]
        for key in keys:
            group = rows if key[0] == "all" else groups[key]
            n = len(group)
            print(
                f"| {key[0]} | {setting} | {n} | {sum(e['win'] for e in group)} of {n} "
                f"| {sum(e['tenpai'] for e in group)} of {n} "
                f"| {statistics.fmean(e['win diff'] for e in group):+.4f} |"
            )
    print()
    for entry in found:
        for name in ("win", "tenpai"):
            if not entry[name]:
                print(
                    f"{entry['hand']} switches {entry['setting']}, best by {name}: "
                    f"ours {entry[f'{name} ours']}, peer {entry[f'{name} peer']}"
                )
    return 0


if __name__ == "__main__":
    sys.exit(main())
