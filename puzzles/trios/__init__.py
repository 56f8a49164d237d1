"""Tricky Trios (the analysis of "Tricky Trios", Code Jam to I/O for Women 2018).

The public API that instructors script against; see ``puzzles.trios.model`` for the mathematics
and ``puzzles.trios.play`` for the game engine.
"""

from puzzles.trios.model import (
    EnumerationSummary,
    SimulationResult,
    State,
    canonical_orders,
    count_orders,
    enumeration_summary,
    expected_rounds,
    expected_rounds_by_enumeration,
    expected_rounds_free_choice,
    expected_rounds_memo,
    free_choice_decisions,
    free_choice_first_flips,
    free_choice_value,
    play_order,
    rounds_per_trio_limit,
    rounds_table,
    rule_flip,
    sample_rounds,
    simulate,
    state_value,
    transitions,
)
from puzzles.trios.play import TriosGame

__all__ = [
    "EnumerationSummary",
    "SimulationResult",
    "State",
    "TriosGame",
    "canonical_orders",
    "count_orders",
    "enumeration_summary",
    "expected_rounds",
    "expected_rounds_by_enumeration",
    "expected_rounds_free_choice",
    "expected_rounds_memo",
    "free_choice_decisions",
    "free_choice_first_flips",
    "free_choice_value",
    "play_order",
    "rounds_per_trio_limit",
    "rounds_table",
    "rule_flip",
    "sample_rounds",
    "simulate",
    "state_value",
    "transitions",
]
