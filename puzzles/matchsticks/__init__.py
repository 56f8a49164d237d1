"""Match-stick games, after Chukwunenye, Ishaya, Ibrahim,
"Discrete Optimal Control of a Class of Match-Stick Puzzles".

N sticks on the table, players take turns removing 1..M sticks (or any size in a subtraction
set); under the paper's misère rule whoever takes the last stick loses. The public API that
instructors script against; see ``puzzles.matchsticks.model`` for the mathematics.
"""

from puzzles.matchsticks.model import (
    eventual_period,
    feasible,
    first_pick,
    grundy,
    grundy_period,
    grundy_sum,
    grundy_table,
    losing_positions,
    mex,
    nim_outcome,
    nim_winning_moves,
    outcome,
    outcome_period,
    outcome_table,
    parse_moves,
    reply,
    subtraction_set,
    sum_outcome,
    sum_winning_moves,
    theorem_disagreements,
    theorem_levels,
    theorem_p,
    win_table,
    winning_moves,
)
from puzzles.matchsticks.play import MatchGame, Move

__all__ = [
    "MatchGame",
    "Move",
    "eventual_period",
    "feasible",
    "first_pick",
    "grundy",
    "grundy_period",
    "grundy_sum",
    "grundy_table",
    "losing_positions",
    "mex",
    "nim_outcome",
    "nim_winning_moves",
    "outcome",
    "outcome_period",
    "outcome_table",
    "parse_moves",
    "reply",
    "subtraction_set",
    "sum_outcome",
    "sum_winning_moves",
    "theorem_disagreements",
    "theorem_levels",
    "theorem_p",
    "win_table",
    "winning_moves",
]
