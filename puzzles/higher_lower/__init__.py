"""The higher-lower game (Dresher's number-guessing game), after the bachelor thesis
"Hoger lager spel" on Melvin Dresher's game (Dresher, "Games of Strategy", 1961).

The public API that instructors script against; ``puzzles.higher_lower.model`` holds the
mathematics, ``puzzles.higher_lower.solver`` the column generation and the exact certificate,
``puzzles.higher_lower.data`` the shipped solutions (``python -m puzzles.higher_lower.sweep``).
"""

from puzzles.higher_lower.data import load_solution, shipped_sizes
from puzzles.higher_lower.model import (
    DresherResult,
    DresherStep,
    best_bounded_tree,
    best_tree,
    catalan,
    dresher,
    full_tree_depths,
    is_search_tree,
    mirror,
    payoff_matrix,
    search_trees,
    symmetric_matrix,
    tree_cost,
)
from puzzles.higher_lower.solver import Solution, alice_best_reply, bob_best_payoff, certify, solve

__all__ = [
    "DresherResult",
    "DresherStep",
    "Solution",
    "alice_best_reply",
    "best_bounded_tree",
    "best_tree",
    "bob_best_payoff",
    "catalan",
    "certify",
    "dresher",
    "full_tree_depths",
    "is_search_tree",
    "load_solution",
    "mirror",
    "payoff_matrix",
    "search_trees",
    "shipped_sizes",
    "solve",
    "symmetric_matrix",
    "tree_cost",
]
