"""The change-rate estimator's error on simulated pages whose true rate is known.

    .venv/bin/python bench/changerate_error.py [--pages 400] [--visits 20] [--seed 1]

Each page changes as a Poisson process of a known rate and is visited `--visits` times at
random (exponential) gaps of a given mean. Three estimates of the rate from what the visits
saw (changed or not between two visits) are compared: counting changes per unit of time (what
a naive scheduler does), Cho and Garcia-Molina's estimator for irregular visits
(`scheduler.changerate.estimate_rate`, no prior); and, on the same page visited as often but at
regular gaps, their bias-reduced estimator for regular visits. Printed per true rate and
mean gap: the median of estimate/true (the bias) and the median of |estimate/true − 1|.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
from datetime import timedelta

from scheduler.changerate import DAY, Interval, bias_reduced_rate, estimate_rate

RATES_PER_DAY = (0.2, 1.0, 6.0, 24.0, 96.0)
MEAN_GAPS = (timedelta(hours=1), timedelta(hours=6), timedelta(days=1))


def visits(rng: random.Random, rate: float, mean_gap: timedelta, n: int) -> list[Interval]:
    out = []
    for _ in range(n):
        gap = rng.expovariate(1 / (mean_gap / DAY))
        out.append(Interval(gap, rng.random() < 1 - math.exp(-rate * gap)))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pages", type=int, default=400, help="simulated pages per cell")
    parser.add_argument("--visits", type=int, default=20, help="visits per page")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    print(f"pages per cell {args.pages}, visits per page {args.visits}, seed {args.seed}")
    print("| true rate /day | mean gap | counting: median est/true, median abs error | Cho irregular MLE (same) "
          "| Cho bias-reduced, regular gaps (same) |")
    print("|---:|---:|---:|---:|---:|")
    for rate in RATES_PER_DAY:
        for gap in MEAN_GAPS:
            cells = {"count": [], "mle": [], "regular": []}
            for _ in range(args.pages):
                seen = visits(rng, rate, gap, args.visits)
                days = sum(i.exposure for i in seen)
                changed = sum(i.changed for i in seen)
                cells["count"].append(changed / days / rate)
                cells["mle"].append(estimate_rate(seen) / rate)
                regular = sum(rng.random() < math.exp(-rate * (gap / DAY)) for _ in range(args.visits))
                cells["regular"].append(bias_reduced_rate(regular, args.visits, gap) / rate)
            row = [f"{rate:g}", f"{gap / timedelta(hours=1):g} h"]
            for key in ("count", "mle", "regular"):
                ratios = cells[key]
                row.append(f"{abs(statistics.median(ratios)):.2f}, {statistics.median(abs(r - 1) for r in ratios):.2f}")
            print("| " + " | ".join(row) + " |")


if __name__ == "__main__":
    main()
