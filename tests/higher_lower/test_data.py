"""The shipped data set: spot checks against fresh solves, and the exact certificate on a sample."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from puzzles.higher_lower import certify, load_solution, shipped_sizes, solve
from puzzles.higher_lower.data import (
    DATA,
    block_path,
    load_records,
    read_block,
    record_of,
    solution_of,
    sweep_range,
    write_block,
)
from puzzles.higher_lower.sweep import checkpoint, estimated_seconds, main, time_steps, timing_report

SIZES = shipped_sizes()
TOP = sweep_range()
SAMPLE = sorted(
    {N for N in (1, 2, 3, 7, 11, 16, 33, 64, 100, 127, 128, 150, 200, 509) if N in SIZES} | {TOP, max(SIZES)}
)


def test_the_data_cover_a_contiguous_range():
    assert TOP >= 200 and set(range(1, TOP + 1)) <= set(SIZES)
    assert checkpoint()["done"] >= TOP - 1  # the sweep may be writing the next N
    total = sum(p.stat().st_size for p in DATA.glob("*.xz"))
    assert total < 20 * 2**20


@pytest.mark.parametrize("N", SAMPLE)
def test_shipped_solutions_pass_the_exact_check(N):
    s = load_solution(N)
    assert s.certified and certify(N, s.hider, s.searcher, s.value)


@pytest.mark.parametrize("N", [N for N in (5, 12, 40, 77) if N in SIZES])
def test_shipped_value_equals_a_fresh_solve(N):
    assert load_solution(N).value == solve(N).value


def test_johnson_range_values():
    """V(N) for N <= 11, recomputed by the dense exact method in test_solver, equals the data."""
    from puzzles.higher_lower import dresher, payoff_matrix

    for N in range(1, 7):
        assert Fraction(load_records()[N]["value"]) == dresher(payoff_matrix(N)).value


def test_record_round_trip():
    s = solve(20)
    record = record_of(s, 0.0)
    back = solution_of(json.loads(json.dumps(record)))
    assert back.certified and back.value == s.value and back.hider == s.hider


def test_load_solution_outside_the_data():
    with pytest.raises(ValueError, match="not in the shipped data"):
        load_solution(max(SIZES) + 5000)
    with pytest.raises(ValueError, match="N must"):
        load_solution(0)


def test_sweep_writes_and_resumes(tmp_path: Path, capsys):
    main(["--max-n", "6", "--data", str(tmp_path), "--no-progress"])
    assert json.loads((tmp_path / "checkpoint.json").read_text())["done"] == 6
    main(["--max-n", "9", "--data", str(tmp_path), "--no-progress"])  # resumes at 7
    records = load_records(tmp_path)
    assert sorted(records) == list(range(1, 10))
    assert all(solution_of(r).certified for r in records.values())
    main(["--max-n", "9", "--data", str(tmp_path), "--verify", "--no-progress"])
    main(["--max-n", "12", "--data", str(tmp_path), "--status"])
    report = capsys.readouterr().out
    assert "* Shipped: N = 1..9 (9 sizes)." in report and "* Missing: N = 10..12 (3 sizes)." in report
    assert "| 1..12 | 9 |" in report


def test_timed_steps_reproduce_the_shipped_values(capsys):
    """--time-steps re-solves sample steps from the shipped records (checked against them) and
    estimates the whole sweep with the step times interpolated linearly between them."""
    rows = time_steps(4, max_n=13, progress=False)
    assert [row["N"] for row in rows] == [4, 8, 12]
    assert all(row["seconds"] >= 0 and row["iterations"] >= 0 for row in rows)
    report = timing_report(rows)
    assert report.splitlines()[2].startswith("| 4 | ")
    assert report.endswith(f"{estimated_seconds(rows) / 3600:.1f} h on one core.")
    main(["--time-steps", "5", "--max-n", "10", "--no-progress"])
    assert "| 10 | " in capsys.readouterr().out
    with pytest.raises(ValueError, match="positive number of sizes"):
        time_steps(0)


def test_sweep_estimate_interpolates_between_timed_sizes():
    """Timed sizes K, 2K, ..., nK: the trapezoid sum is K (t_1 + ... + t_(n-1)) + (K + 1) / 2 t_n."""
    times = [3.0, 10.0, 4.0, 50.0]
    rows = [{"N": 8 * (j + 1), "seconds": t} for j, t in enumerate(times)]
    assert estimated_seconds(rows) == pytest.approx(8 * sum(times[:-1]) + 4.5 * times[-1])
    assert estimated_seconds([{"N": 1, "seconds": 2.0}]) == 2.0
    assert estimated_seconds([]) == 0.0


def test_timed_steps_need_the_records_and_check_them(tmp_path: Path):
    main(["--max-n", "3", "--data", str(tmp_path), "--no-progress"])
    with pytest.raises(ValueError, match="needs the records of N - 1 and N"):
        time_steps(2, max_n=6, folder=tmp_path, progress=False)
    path = block_path(2, tmp_path)
    records = read_block(path)
    records[1]["value"] = "7/5"  # a record of N = 2 that a fresh step must contradict (V(2) = 3/2)
    write_block(path, records)
    with pytest.raises(RuntimeError, match="the record holds 7/5"):
        time_steps(2, max_n=3, folder=tmp_path, progress=False)


def test_two_ranges_swept_apart_join_up(tmp_path: Path):
    """A second range (--from, own folder) copied in: the resumed sweep steps over it."""
    low, high = tmp_path / "low", tmp_path / "high"
    main(["--max-n", "4", "--data", str(low), "--no-progress"])
    main(["--from", "33", "--max-n", "35", "--data", str(high), "--no-progress"])
    later = load_records(high)
    assert sorted(later) == [33, 34, 35]
    for path in high.glob("solutions-*.json.xz"):
        (low / path.name).write_bytes(path.read_bytes())
    main(["--max-n", "36", "--data", str(low), "--no-progress"])
    records = load_records(low)
    assert sorted(records) == list(range(1, 37))
    assert all(records[N] == later[N] for N in (33, 34, 35))  # kept, not solved again
    state = json.loads((low / "checkpoint.json").read_text())
    assert state["done"] == 36
    assert state["seconds"] >= sum(r["seconds"] for r in records.values()) - 0.01


@pytest.mark.parametrize("N", [N for N in (2, 3, 101, 300) if N in SIZES and N - 1 in SIZES])
def test_warm_start_grows_the_previous_solution_in_the_middle(N):
    """The sweep's start for N: a symmetric guess whose best reply already costs V(N) away
    from powers of two, and start trees that are search trees on N keys."""

    from puzzles.higher_lower.model import best_tree, is_search_tree
    from puzzles.higher_lower.sweep import warm_start

    guess, trees = warm_start(load_records()[N - 1], N)
    assert len(guess) == N and guess == guess[::-1] and sum(guess) == 1
    assert trees and all(len(t) == N and is_search_tree(t) for t in trees)
    if N == 300:  # Alice's optimal distribution for 300 is 299's with the middle entry copied
        assert best_tree(guess)[0] == load_solution(N).value


def test_warm_start_grows_several_keys_for_a_second_range():
    """From further below (as --from does): grown from 299 to 310, key by key in the middle,
    the guess is still Alice's optimal distribution (no size in 300..310 needs a new shape)."""
    from puzzles.higher_lower.model import best_tree, is_search_tree
    from puzzles.higher_lower.sweep import warm_start

    if not {299, 310} <= set(SIZES):
        pytest.skip("needs the shipped solutions for 299 and 310")
    guess, trees = warm_start(load_records()[299], 310)
    assert len(guess) == 310 and guess == guess[::-1] and sum(guess) == 1
    assert all(len(t) == 310 and is_search_tree(t) for t in trees)
    assert best_tree(guess)[0] == load_solution(310).value
    with pytest.raises(ValueError, match="smaller solution"):
        warm_start(load_records()[299], 299)


def test_most_guesses_is_the_deepest_shipped_tree():
    """The accessor lesson IV reads Table 3.1 with: the largest depth of the decoded trees."""
    from puzzles.higher_lower.data import most_guesses, trees_of

    records = load_records()
    for N in (1, 2, 3, 10, 11, 52, 53, 200, 931):
        if N in records:
            assert most_guesses(records[N]) == max(map(max, trees_of(records[N])))
            assert most_guesses(records[N]) == solution_of(records[N], check=False).max_depth
