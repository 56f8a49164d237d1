"""Mastermind: partitions, heuristics, and exhaustive search for optimal strategies.

Source: a chapter draft on optimal Mastermind strategies (after Knuth 1976, Irving 1978,
Neuwirth 1982, Koyama and Lai 1993, Kooi 2005). The public API that instructors script against.
"""

from puzzles.mastermind.heuristics import (
    HEURISTICS,
    heuristic_strategy,
    obviously_optimal_guess,
    partition_score,
)
from puzzles.mastermind.model import Game, feedback_pairs, number_of_feedbacks
from puzzles.mastermind.search import OptimalSearch, optimal_strategy, plain_minimum_total, tree_lower_bound
from puzzles.mastermind.strategy import Evaluation, Node, Strategy, evaluate

__all__ = [
    "HEURISTICS",
    "Evaluation",
    "Game",
    "Node",
    "OptimalSearch",
    "Strategy",
    "evaluate",
    "feedback_pairs",
    "heuristic_strategy",
    "number_of_feedbacks",
    "obviously_optimal_guess",
    "optimal_strategy",
    "partition_score",
    "plain_minimum_total",
    "tree_lower_bound",
]
