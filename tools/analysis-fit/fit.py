#!/usr/bin/env python3
"""Fits the scale of `shishi analyse`'s expected-score logistic to finished games.

Usage: fit.py A.json [B.json ...]   (outputs of `shishi analyse --record … --json …`)

Every position with a centipawn evaluation is paired with its game's result (1-0 = 1,
0-1 = 0, 1/2-1/2 = 0.5, from the record tags the JSON carries), and the scale S of
E(cp) = 1 / (1 + 10^(-cp / S)) that maximises the likelihood of the results is found. Positions
of one game are not independent, so the uncertainty comes from resampling whole games
(bootstrap, 100 rounds). docs/analysis.md has the run behind its figures.
"""
import json
import math
import random
import sys

RESULTS = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}


def loglik(samples, scale):
    total = 0.0
    for cp, r in samples:
        e = 1.0 / (1.0 + 10.0 ** (-cp / scale))
        e = min(max(e, 1e-12), 1.0 - 1e-12)
        total += r * math.log(e) + (1.0 - r) * math.log(1.0 - e)
    return total


def fit(samples):
    """Golden-section search on log(scale) between 200 and 20000 cp."""
    lo, hi = math.log(200.0), math.log(20000.0)
    for _ in range(40):
        a, b = lo + (hi - lo) * 0.382, lo + (hi - lo) * 0.618
        if loglik(samples, math.exp(a)) < loglik(samples, math.exp(b)):
            lo = a
        else:
            hi = b
    return math.exp((lo + hi) / 2.0)


def main(paths):
    games = []
    for path in paths:
        with open(path) as f:
            d = json.load(f)
        result = RESULTS.get(d["record"].get("Result"))
        if result is not None:
            games.append([(p["eval_black"]["cp"], result)
                          for p in d["plies"] if "cp" in p["eval_black"]])
    samples = [s for g in games for s in g]
    if not samples:
        sys.exit("no positions with a result")
    best = fit(samples)
    print(f"{len(games)} games, {len(samples)} positions with a centipawn score")
    print(f"best scale {best:.0f} cp (log-likelihood {loglik(samples, best):.1f}); "
          f"at 1000: {loglik(samples, 1000):.1f}, at 2000: {loglik(samples, 2000):.1f}")
    random.seed(1)
    boot = sorted(fit([s for g in random.choices(games, k=len(games)) for s in g])
                  for _ in range(100))
    print(f"bootstrap over games: 5 % {boot[5]:.0f}, median {boot[50]:.0f}, 95 % {boot[94]:.0f}")
    for lo, hi in [(-100000, -600), (-600, -200), (-200, 200), (200, 600), (600, 100000)]:
        sel = [r for cp, r in samples if lo <= cp < hi]
        if sel:
            print(f"eval in [{lo}, {hi}): {len(sel)} positions, Black scored "
                  f"{sum(sel) / len(sel):.3f}")


if __name__ == "__main__":
    main(sys.argv[1:])
