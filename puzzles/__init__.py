"""Puzzles & Dynamic Programming: the helper package of the course pack."""

__version__ = "0.1.0"
