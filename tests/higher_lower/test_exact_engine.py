"""The exact LP engine of solve: optimal restricted LPs with exact certificates, the certified
values of the shipped data, and rounds that stay the same when OpenBLAS runs other kernels."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from fractions import Fraction

import numpy as np
import pytest
from scipy.optimize import linprog

from puzzles.higher_lower import certify, load_solution, solve
from puzzles.higher_lower.model import best_tree
from puzzles.higher_lower.rounds import FIG_3_5_SIZES, SMOOTHING_SIZES, fig_3_5, load_rounds, smoothing_rows

# OpenBLAS kernels other than the one this machine picks by itself (SkylakeX, Haswell or another
# one on x86-64); the subprocess names the kernel OpenBLAS reports, so a kernel that is not
# really switched is caught.
KERNELS = ("Haswell", "Prescott")


def _exact_master(N: int, count: int, seed: int):
    from puzzles.higher_lower import solver

    rng = np.random.default_rng(seed)
    master = solver._ExactMaster(N)
    for _ in range(count):
        master.add(best_tree(rng.random(N) ** 4)[1])
    return master


@pytest.mark.parametrize(("N", "count", "seed"), [(9, 6, 1), (30, 40, 2), (61, 90, 5)])
def test_the_exact_master_solves_its_lp_with_a_certificate(N, count, seed):
    """The duals and the value of the exact master: a feasible distribution of Alice that no
    tree of the LP beats (x . e(T) >= value for each), and a feasible mixture of Bob from its
    basis that pays exactly the value: both optimal, checked in fractions; and the value
    agrees with HiGHS (scipy's linprog) on the same columns."""
    from puzzles.higher_lower import solver

    master = _exact_master(N, count, seed)
    u2, x = master.run()
    value, duals = master.value, master.duals
    assert all(d >= 0 for d in duals) and sum(duals) == 1
    assert all(sum(d * e for d, e in zip(duals, f, strict=True)) >= value for f in master.folded)
    columns, rows = master.basis()
    y = solver._exact_strategies(master, columns, rows)
    assert y is not None and y[0] == value
    mixture = y[2]
    assert all(p >= 0 for p in mixture.values()) and sum(mixture.values()) == 1
    pays = [sum(p * master.folded[j][q] for j, p in mixture.items()) for q in range(master.P)]
    assert max(pays) == value  # Bob's mixture pays at most the value at every pair, and exactly it somewhere
    F = np.array(master.folded, dtype=float).T  # independent: HiGHS on the same LP, in floats
    lp = linprog(
        np.r_[np.zeros(F.shape[1]), 1.0],
        A_ub=np.c_[F, -np.ones(F.shape[0])],
        b_ub=np.zeros(F.shape[0]),
        A_eq=np.r_[np.ones(F.shape[1]), 0.0][None, :],
        b_eq=[1.0],
        bounds=[(0, None)] * F.shape[1] + [(None, None)],
        method="highs",
    )
    assert float(value) == pytest.approx(lp.fun, rel=1e-12) and u2 == float(value)
    assert list(x) == [float(d) for d in duals]


@pytest.mark.parametrize("N", [1, 2, 3, 7, 16, 23, 33, 48, 64])
def test_the_exact_engine_reaches_the_certified_values(N):
    """Every solve with the exact engine (cold, plain, or with the grown guess) certifies the
    value the shipped data hold (made by other engines, HiGHS and the dense simplex)."""
    shipped = load_solution(N).value
    for s in (solve(N, lp="exact"), solve(N, lp="exact", smoothing=0.0, extra_points=())):
        assert s.certified and s.value == shipped
        assert certify(N, s.hider, s.searcher, s.value)


def test_auto_picks_the_exact_engine_up_to_exact_largest(monkeypatch):
    from puzzles.higher_lower import solver

    made = []
    original = solver._ExactMaster.__init__

    def counting(self, N):
        made.append(N)
        original(self, N)

    monkeypatch.setattr(solver._ExactMaster, "__init__", counting)
    solve(12)
    assert made == [12]
    solve(solver.EXACT_LARGEST + 1, lp="dense")
    solve(12, lp="dense")
    assert made == [12]
    with pytest.raises(ValueError, match='"auto", "exact", "dense" or "highs"'):
        solve(5, lp="Exact")


def test_round_counts_need_the_exact_engine():
    with pytest.raises(ValueError, match="exact LP engine, which serves N up to 100"):
        fig_3_5(101)
    with pytest.raises(ValueError, match="N must"):
        smoothing_rows(1)


SAMPLE = (8, 16, 24, 25, 33, 53)

PROBE = f"""
import json, sys
import threadpoolctl
from puzzles.higher_lower import solve
from puzzles.higher_lower.rounds import fig_3_5
info = threadpoolctl.threadpool_info()
kernels = sorted({{i.get("architecture") for i in info if i["internal_api"] == "openblas"}})
twenty = solve(20)
blend = solve(64, smoothing=0.95, extra_points=(), lp="exact")
from puzzles.higher_lower.data import load_records
from puzzles.higher_lower.sweep import warm_start
guess, start = warm_start(load_records()[39], 40)
proved = solve(40, guess=guess, trees=start)
out = {{
    "kernels": kernels,
    "fig": {{N: fig_3_5(N) for N in {SAMPLE}}},
    "rows": [blend.iterations, blend.columns],
    "proved": [proved.method, proved.iterations, proved.columns],
    "twenty": [str(twenty.value), [str(p) for p in twenty.hider], [[str(p), t] for p, t in twenty.searcher]],
}}
json.dump(out, sys.stdout)
"""


def _probe(kernel: str | None) -> dict:
    env = {k: v for k, v in os.environ.items() if k != "OPENBLAS_CORETYPE"}
    if kernel:
        env["OPENBLAS_CORETYPE"] = kernel
    done = subprocess.run(
        [sys.executable, "-c", PROBE], env=env, capture_output=True, text=True, timeout=600, check=True
    )
    return json.loads(done.stdout)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="OPENBLAS_CORETYPE is read on Linux")
def test_rounds_and_strategies_are_the_same_under_other_openblas_kernels():
    """The same rounds (a sample of lesson III's fig. 3.5 and of the appendix's table, and the
    exact least squares proving a guess), and the same exact strategies of solve(20), under
    this machine's OpenBLAS kernel and two forced others; and the same as the shipped counts
    the lessons show."""
    default = _probe(None)
    shipped = load_rounds()
    for N, (plain, guessed) in default["fig"].items():
        assert plain == shipped["priced at the duals"][int(N)]
        assert guessed == shipped["priced at a blend with the guess"][int(N)]
    (row,) = [row for row in shipped["smoothing"] if (row["N"], row["smoothing"]) == (64, "0.95")]
    assert default["rows"] == [row["rounds"], row["trees generated"]]
    for kernel in KERNELS:
        forced = _probe(kernel)
        assert forced["kernels"] != default["kernels"], f"OPENBLAS_CORETYPE={kernel} changed no kernel"
        same = ("fig", "rows", "twenty", "proved")
        assert {k: forced[k] for k in same} == {k: default[k] for k in same}
    assert default["proved"][0] == "proved guess"


def test_the_shipped_counts_cover_what_the_lessons_show():
    shipped = load_rounds()
    assert sorted(shipped["priced at the duals"]) == list(FIG_3_5_SIZES)
    assert sorted(shipped["priced at a blend with the guess"]) == list(FIG_3_5_SIZES)
    assert [(row["N"], row["smoothing"]) for row in shipped["smoothing"]] == [
        (N, name) for N in SMOOTHING_SIZES for name in ("0", "0.5", "0.95", "0.95 + extra points")
    ]
    for N in (3, 12, 29):  # recomputed here as well (the kernel test samples other sizes)
        assert fig_3_5(N) == (
            shipped["priced at the duals"][N],
            shipped["priced at a blend with the guess"][N],
        )


def test_exact_least_squares_agree_with_scipy():
    """The exact Lawson-Hanson method against scipy's nnls on random small problems: a
    nonnegative solution whose squared residual is scipy's (within round-off), and exactly
    zero residual when b is a nonnegative combination of the columns."""
    from scipy.optimize import nnls

    from puzzles.higher_lower import solver

    rng = np.random.default_rng(11)
    for _ in range(40):
        m, n = int(rng.integers(2, 9)), int(rng.integers(1, 12))
        columns = [[int(v) for v in rng.integers(0, 7, m)] for _ in range(n)]
        target = [Fraction(int(rng.integers(-4, 12)), int(rng.integers(1, 5))) for _ in range(m)]
        z, squared = solver._nnls_exact(columns, target)
        assert all(v >= 0 for v in z)
        assert squared == sum(
            (t - sum(zj * c[i] for zj, c in zip(z, columns, strict=True))) ** 2 for i, t in enumerate(target)
        )
        _, residual = nnls(np.array(columns, dtype=float).T, np.array([float(t) for t in target]))
        assert float(squared) == pytest.approx(residual**2, abs=1e-9)
        mix = [Fraction(int(v), 3) for v in rng.integers(0, 3, n)]  # b in the cone of the columns
        inside = [sum(w * c[i] for w, c in zip(mix, columns, strict=True)) for i in range(m)]
        assert solver._nnls_exact(columns, inside)[1] == 0
