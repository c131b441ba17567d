"""Discard odds beside mahjong-cpp's 何切る calculator, in one run:
``python benchmarks/odds.py --peer PATH/mahjong_cpp_driver [--repeats N] [--quick]``.

``PATH/mahjong_cpp_driver`` is a driver of your own, built against a
mahjong-cpp checkout, outside this project, with mahjong-cpp's distance tables beside the
binary (the environment variable ``MAHJONG_CPP_DRIVER`` may name it instead). Where
``shanten.odds`` is not there yet the run times the peer alone.

Hands: 14 tiles off a shuffled 136-tile wall (seeded), kept by the shanten of the hand
(after its best discard) until each family (1-, 2-, 3-shanten) has 13; plus one
5-shanten hand, which mahjong-cpp's own server refuses (it computes odds up to 3-shanten)
and which shows what ``shanten.odds`` does there. Settings: switches off, and both on
(手変わり ``hand_changes`` / ``tegawari``, 向聴戻し ``shanten_back`` / ``shanten_down``),
17 draws.

Timing: for every hand, ``repeats`` rounds in which the two take turns (ours, then the
peer, the order swapped every round); each keeps its best round. Ours is
``time.perf_counter`` around the ``shanten.odds`` call, made in a child process
(``odds_worker``) so that it can be stopped; the peer's is its own ``steady_clock`` around
``ExpectedScoreCalculator::calc`` (its defaults: red fives and ura-dora on, so it also
scores every win), single thread; ours too (``jobs=1``), but for one column. Ours has ``--budget`` seconds per family with the
switches off and ``--budget-on`` with them on (60 each by default): a call over 1 s is
not repeated, a call still running when the budget is spent is stopped and recorded as a
lower bound, and ends our part of that family, so a run stays within about five
minutes; the tables say how many hands were timed.

Besides the whole table, ours is timed on the peer's rows (``discards=`` those it
reports), on the peer's best discard alone (one discard's graph, beside the peer's one
graph for all its rows), and on the whole table with every core (``jobs=None``, the
default).

Values: per discard in both tables, our ``win[-1]`` and ``tenpai[-1]`` beside its figure
for the hand as it stands; and whether the best discard by each agrees (ties within
1e-9 count on both sides). The models differ by construction (see ``odds_peer``).

Writes ``benchmarks/odds_results.json`` (every figure) and ``benchmarks/odds_results.md``
(the tables); ``--quick`` (3 hands a family, 1 round) writes nothing.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import platform
import re
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np
from odds_peer import Peer, wall_claims
from odds_worker import Ours

import shanten
from shanten.notation import format_counts

ROOT = Path(__file__).resolve().parents[1]
SEED = 20261124
DRAWS = 17
FAMILIES = {"1-shanten": 1, "2-shanten": 2, "3-shanten": 3}
REFUSED = 5  # the shanten of the refusal case
SETTINGS = {"off": False, "on": True}  # both switches together
TIE = 1e-9
BUDGET = {"off": 60.0, "on": 60.0}  # seconds of ours per family, by setting
MIN_LIMIT = 5.0
REPEAT_BELOW = 1.0
REFUSAL_LIMIT = 20.0


def deal_hands(per_family: int, seed: int = SEED) -> dict[str, list[str]]:
    """Seeded 14-tile hands off shuffled walls, grouped by shanten; the refusal case last."""
    rng = np.random.default_rng(seed)
    wanted = {**FAMILIES, f"{REFUSED}-shanten": REFUSED}
    need = {name: (1 if s == REFUSED else per_family) for name, s in wanted.items()}
    hands: dict[str, list[str]] = {name: [] for name in wanted}
    by_shanten = {s: name for name, s in wanted.items()}
    while any(len(hands[n]) < need[n] for n in wanted):
        counts = np.bincount(rng.permutation(136)[:14] // 4, minlength=34).tolist()
        name = by_shanten.get(shanten.shanten(counts))
        if name is not None and len(hands[name]) < need[name]:
            hands[name].append(format_counts(list(counts)))
    return hands


def ours_available() -> bool:
    """Whether this checkout has ``shanten.odds``."""
    return callable(getattr(shanten, "odds", None))


def peer_rows(answer: dict[str, Any]) -> dict[str, tuple[float, float]]:
    """The peer's discard -> (win for the hand as it stands, tenpai likewise)."""
    return {r["discard"]: (r["win"][-1], r["tenpai"][-1]) for r in answer["rows"]}


def best(rows: dict[str, tuple[float, float]], which: int, among: set[str]) -> set[str]:
    """The discards within ``TIE`` of the best value (0: win, 1: tenpai) among ``among``."""
    top = max(rows[d][which] for d in among)
    return {d for d in among if rows[d][which] >= top - TIE}


def compare(ours: dict[str, tuple[float, float]], peer: dict[str, tuple[float, float]]) -> Any:
    """Per-discard differences (ours - peer) and best-discard agreement, on common rows."""
    common = set(ours) & set(peer)
    if not common:
        return None
    return {
        "discards": sorted(common),
        "win_diff": [ours[d][0] - peer[d][0] for d in sorted(common)],
        "tenpai_diff": [ours[d][1] - peer[d][1] for d in sorted(common)],
        "best_win_agrees": bool(best(ours, 0, common) & best(peer, 0, common)),
        "best_tenpai_agrees": bool(best(ours, 1, common) & best(peer, 1, common)),
    }


def peer_sanity(answer: dict[str, Any]) -> dict[str, Any]:
    """Whether every peer curve is a probability curve (within [0, 1], never decreasing),
    and how many of its rows give a shanten other than ours (a check of its tables)."""
    curves = [r[key] for r in answer["rows"] for key in ("win", "tenpai")]
    counts = list(shanten.Hand(answer["hand"]).counts)
    mismatches = 0
    for row in answer["rows"]:
        left = list(counts)
        left[shanten.Tile(row["discard"]).index] -= 1
        mismatches += row["shanten"] != shanten.shanten(left)
    return {
        "shanten_mismatches": mismatches,
        "max": max((max(c) for c in curves), default=0.0),
        "decreasing_steps": sum(
            1 for c in curves for a, b in itertools.pairwise(c) if b < a - 1e-12
        ),
    }


def run_setting(
    hands: list[str], on: bool, peer: Peer, ours: Ours | None, repeats: int, budget: float
) -> list[dict[str, Any]]:
    """Every hand of a family under one setting: times and values, interleaved.

    Ours gets ``budget`` seconds for the family: each call is limited to what is left
    (at least ``MIN_LIMIT``), a call that runs past it is recorded as a lower bound and
    ends our part of the family (the hands that follow are no easier); a call over
    ``REPEAT_BELOW`` seconds is not repeated (best of one).
    """
    results = []
    left = budget
    for hand in hands:
        ours_times: list[float] = []
        same_times: list[float] = []
        one_times: list[float] = []
        cores_times: list[float] = []
        peer_times: list[float] = []
        answer: dict[str, Any] = peer.solve(hand, draws=DRAWS, tegawari=on, shanten_down=on)
        peer_times.append(answer["time_ms"])
        wanted = sorted(peer_rows(answer))
        first = sorted(best(peer_rows(answer), 0, set(wanted)))[:1]  # its best discard
        mine: Any = None
        for round_ in range(repeats):
            order = ("ours", "same", "one", "cores", "peer")
            order = order if round_ % 2 == 0 else order[::-1]
            for side in order:
                if side == "peer":
                    answer = peer.solve(hand, draws=DRAWS, tegawari=on, shanten_down=on)
                    peer_times.append(answer["time_ms"])
                    continue
                times = {
                    "ours": ours_times,
                    "same": same_times,
                    "one": one_times,
                    "cores": cores_times,
                }[side]
                if ours is not None and left > 0 and (not times or times[-1] < REPEAT_BELOW * 1e3):
                    limit = max(left, MIN_LIMIT)
                    rows = {"ours": None, "same": wanted, "one": first, "cores": None}[side]
                    jobs = None if side == "cores" else 1
                    got = ours.solve(hand, draws=DRAWS, on=on, timeout=limit, rows=rows, jobs=jobs)
                    if "timeout" in got:
                        left = 0.0
                        if side == "ours":
                            mine = got
                        continue
                    left -= got["seconds"]
                    times.append(got["seconds"] * 1e3)
                    if side == "ours":
                        mine = got
        entry: dict[str, Any] = {
            "hand": hand,
            "peer_ms": min(peer_times),
            "peer_states": answer["states"],
            "peer_rows": len(answer["rows"]),
            "peer_sanity": peer_sanity(answer),
        }
        if mine is not None and "timeout" in mine and not ours_times:
            entry["ours_over_ms"] = mine["timeout"] * 1e3
            entry["ratio_over"] = entry["ours_over_ms"] / entry["peer_ms"]
        elif ours_times:
            entry["ours_ms"] = min(ours_times)
            entry["ours_repeats"] = len(ours_times)
            entry["ratio"] = entry["ours_ms"] / entry["peer_ms"]
            entry["ours_rows"] = len(mine["rows"])
            rows_ = {d: (v[0], v[1]) for d, v in mine["rows"].items()}
            entry["values"] = compare(rows_, peer_rows(answer))
        if same_times:
            entry["same_ms"] = min(same_times)
            entry["same_ratio"] = entry["same_ms"] / entry["peer_ms"]
        if one_times:
            entry["one_ms"] = min(one_times)
            entry["one_ratio"] = entry["one_ms"] / entry["peer_ms"]
        if cores_times:
            entry["cores_ms"] = min(cores_times)
            entry["cores_ratio"] = entry["cores_ms"] / entry["peer_ms"]
        results.append(entry)
    return results


def summary(results: list[dict[str, Any]]) -> dict[str, Any]:
    """Medians and maxima of a family's figures under one setting."""
    peer_ms = [r["peer_ms"] for r in results]
    out: dict[str, Any] = {
        "hands": len(results),
        "peer_ms_median": statistics.median(peer_ms),
        "peer_ms_max": max(peer_ms),
        "peer_states_median": statistics.median(r["peer_states"] for r in results),
        "peer_value_max": max(r["peer_sanity"]["max"] for r in results),
        "peer_decreasing_steps": sum(r["peer_sanity"]["decreasing_steps"] for r in results),
        "peer_shanten_mismatches": sum(r["peer_sanity"]["shanten_mismatches"] for r in results),
    }
    timed = [r for r in results if "ratio" in r]
    over = [r for r in results if "ratio_over" in r]
    out["ours_timed"] = len(timed)
    out["ours_over_limit"] = [
        {"hand": r["hand"], "ours_over_ms": r["ours_over_ms"], "ratio_over": r["ratio_over"]}
        for r in over
    ]
    same = [r for r in results if "same_ratio" in r]
    if same:
        out.update(
            same_timed=len(same),
            same_ratio_median=statistics.median(r["same_ratio"] for r in same),
            same_ratio_max=max(r["same_ratio"] for r in same),
            same_ms_median=statistics.median(r["same_ms"] for r in same),
        )
    one = [r for r in results if "one_ratio" in r]
    if one:
        out.update(
            one_ratio_median=statistics.median(r["one_ratio"] for r in one),
            one_ms_median=statistics.median(r["one_ms"] for r in one),
        )
    cores = [r for r in results if "cores_ratio" in r]
    if cores:
        out.update(
            cores_ratio_median=statistics.median(r["cores_ratio"] for r in cores),
            cores_ms_median=statistics.median(r["cores_ms"] for r in cores),
        )
    if timed:
        ratios = [r["ratio"] for r in timed]
        ours_ms = [r["ours_ms"] for r in timed]
        values = [r["values"] for r in timed if r["values"]]
        win = [abs(x) for v in values for x in v["win_diff"]]
        tenpai = [abs(x) for v in values for x in v["tenpai_diff"]]
        out.update(
            ratio_median=statistics.median(ratios),
            ratio_max=max(ratios),
            ours_ms_median=statistics.median(ours_ms),
            ours_ms_max=max(ours_ms),
            win_absdiff_median=statistics.median(win) if win else None,
            win_absdiff_max=max(win, default=None),
            win_diff_mean=statistics.fmean(x for v in values for x in v["win_diff"])
            if win
            else None,
            tenpai_absdiff_median=statistics.median(tenpai) if tenpai else None,
            tenpai_absdiff_max=max(tenpai, default=None),
            best_win_agreement=statistics.fmean(v["best_win_agrees"] for v in values)
            if values
            else None,
            best_tenpai_agreement=statistics.fmean(v["best_tenpai_agrees"] for v in values)
            if values
            else None,
        )
    return out


def num(x: float) -> str:
    """A figure for the tables: three significant digits, thousands grouped."""
    return f"{x:,.0f}" if x >= 100 else f"{x:.3g}"


def markdown(summaries: dict[str, dict[str, Any]], with_ours: bool) -> str:
    """The timing and value tables."""
    lines = [
        "| family | switches | hands | "
        + (
            "ours/peer median | ours/peer max | ours ms median | ours ms max | "
            "same rows: ours/peer median (max) | same rows: ours ms median | "
            "its best row alone: ours/peer median | ours ms median | "
            "whole table, every core: ours/peer median | ours ms median | "
            if with_ours
            else ""
        )
        + "peer ms median | peer ms max | peer states median | peer max value | peer decreasing steps |"
    ]
    lines.append("|" + "---|" * (lines[0].count("|") - 1))
    for key, s in summaries.items():
        family, setting = key.split(" / ")
        cells = [family, setting, str(s["hands"])]
        if with_ours and "ratio_median" in s:
            cells += [num(s["ratio_median"]) + "x", num(s["ratio_max"]) + "x"]
            cells += [num(s["ours_ms_median"]), num(s["ours_ms_max"])]
        elif with_ours:
            cells += ["-", "-", "-", "-"]
        if with_ours and "same_ratio_median" in s:
            cells += [
                f"{num(s['same_ratio_median'])}x ({num(s['same_ratio_max'])}x)",
                num(s["same_ms_median"]),
            ]
        elif with_ours:
            cells += ["-", "-"]
        if with_ours and "one_ratio_median" in s:
            cells += [f"{num(s['one_ratio_median'])}x", num(s["one_ms_median"])]
        elif with_ours:
            cells += ["-", "-"]
        if with_ours and "cores_ratio_median" in s:
            cells += [f"{num(s['cores_ratio_median'])}x", num(s["cores_ms_median"])]
        elif with_ours:
            cells += ["-", "-"]
        if with_ours:
            cells[2] += f" ({s['ours_timed']} timed"
            if s["ours_over_limit"]:
                bound = s["ours_over_limit"][0]
                cells[2] += (
                    f"; next > {bound['ours_over_ms'] / 1e3:.0f} s, > {bound['ratio_over']:.3g}x"
                )
            cells[2] += ")"
        cells += [num(s["peer_ms_median"]), num(s["peer_ms_max"])]
        cells += [f"{s['peer_states_median']:.0f}", f"{s['peer_value_max']:.6g}"]
        cells += [str(s["peer_decreasing_steps"])]
        lines.append("| " + " | ".join(cells) + " |")
    if with_ours:
        lines += [
            "",
            "| family | switches | win: median abs Δ | win: max abs Δ | win: mean Δ (ours - peer) | tenpai: median abs Δ | tenpai: max abs Δ | same best discard (win) | (tenpai) |",
            "|---|---|---|---|---|---|---|---|---|",
        ]
        for key, s in summaries.items():
            family, setting = key.split(" / ")
            if s.get("win_absdiff_max") is None:
                continue
            lines.append(
                f"| {family} | {setting} | {s['win_absdiff_median']:.4f} | {s['win_absdiff_max']:.4f} | "
                f"{s['win_diff_mean']:+.4f} | {s['tenpai_absdiff_median']:.4f} | {s['tenpai_absdiff_max']:.4f} | "
                f"{s['best_win_agreement']:.0%} | {s['best_tenpai_agreement']:.0%} |"
            )
    return "\n".join(lines) + "\n"


def heading(record: dict[str, Any]) -> str:
    """The line above the tables: what was run, and the load it ran under."""
    return (
        f"{record['draws']} draws, seeded hands (seed {record['seed']}); best of "
        f"{record['repeats']} interleaved rounds (ours: best of 1 above {REPEAT_BELOW:.0f} s); "
        f"ours budget {record['budget']['off']:.0f} s per family with the switches off, "
        f"{record['budget']['on']:.0f} s on; {record['machine']['cpus']} cores, load average "
        f"{record['machine']['load'][0]:.1f} at the end. Method: benchmarks/odds.py."
        + (
            f" shanten: {record['shanten']['label']}."
            if record.get("shanten", {}).get("label")
            else ""
        )
        + "\n\n"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--peer", type=Path, default=os.environ.get("MAHJONG_CPP_DRIVER"))
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--budget", type=float, default=BUDGET["off"], help="switches off")
    parser.add_argument("--budget-on", type=float, default=BUDGET["on"], help="switches on")
    parser.add_argument("--only", action="append", help="a 'FAMILY / SETTING' key; repeatable")
    parser.add_argument("--name", help="the results' file name (default odds_results[_ONLY])")
    parser.add_argument("--label", default="", help="what shanten is measured (a commit)")
    args = parser.parse_args()
    if args.peer is None or not Path(args.peer).is_file():
        sys.exit("odds.py needs --peer PATH (or MAHJONG_CPP_DRIVER): the built driver binary")
    with_ours = ours_available()
    if not with_ours:
        print("shanten.odds is not in this checkout: timing the peer alone")
    per_family, repeats = (3, 1) if args.quick else (13, args.repeats)
    hands = deal_hands(per_family)
    refusal_hand = hands.pop(f"{REFUSED}-shanten")[0]
    peer = Peer(Path(args.peer))
    ours = Ours() if with_ours else None
    started = time.time()
    try:
        claims = wall_claims(peer)
        results: dict[str, list[dict[str, Any]]] = {}
        for setting, on in SETTINGS.items():
            for family, family_hands in hands.items():
                key = f"{family} / {setting}"
                if args.only and key not in args.only:
                    continue
                budget = args.budget_on if on else args.budget
                results[key] = run_setting(family_hands, on, peer, ours, repeats, budget)
                print(f"{key}: done at {time.time() - started:.0f} s", flush=True)
        refusal: dict[str, Any] = {
            setting: {
                "peer": peer.solve(refusal_hand, draws=DRAWS, tegawari=on, shanten_down=on),
                "ours": ours.solve(refusal_hand, draws=DRAWS, on=on, timeout=REFUSAL_LIMIT)
                if ours is not None
                else None,
            }
            for setting, on in SETTINGS.items()
        }
    finally:
        peer.close()
        if ours is not None:
            ours.close()
    summaries = {key: summary(r) for key, r in results.items()}
    table = markdown(summaries, with_ours)
    print(table)
    print(json.dumps(claims, indent=1))
    print(json.dumps(refusal, indent=1))
    if args.quick:
        return
    record = {
        "method": __doc__,
        "machine": {
            "platform": platform.platform(),
            "python": platform.python_version(),
            "cpus": os.cpu_count(),
            "load": os.getloadavg(),
        },
        "seed": SEED,
        "draws": DRAWS,
        "repeats": repeats,
        "budget": {"off": args.budget, "on": args.budget_on},
        "with_ours": with_ours,
        "shanten": {"label": args.label, "module": shanten.__file__},
        "hands": hands,
        "summaries": summaries,
        "results": results,
        "wall_claims": claims,
        "refusal": refusal,
        "seconds": time.time() - started,
    }
    name = args.name or "odds_results" + (
        "_" + "_".join(re.sub(r"\W+", "", k) for k in args.only) if args.only else ""
    )
    (ROOT / "benchmarks" / f"{name}.json").write_text(json.dumps(record, indent=1) + "\n")
    (ROOT / "benchmarks" / f"{name}.md").write_text(heading(record) + table)


if __name__ == "__main__":
    main()
