"""The instructor's tools, behind one command, ``dp-puzzles``: the course model (``course``),
the student edition (``student``), the course site (``site``), the grader (``grade``), the
nbgrader export, the generated tables (``catalogue``) and the strength of the checks.

They read the course through ``puzzles.instructor.course`` and import the runtime
(``puzzles.course`` and the units); no shipped module imports a test helper.
"""
