"""Mutants of a worked solution: small wrong versions of its code, for ``check-strength``.

``mutations(source)`` returns every mutation of one code cell, each a whole new cell source
with one small change, the changed line before and after, and the operator that made it.
The code is read with libcst, a concrete syntax tree, so a mutant keeps the cell's comments
and layout and differs from it only where the operator changed something: the diff a
reviewer reads is the changed line and nothing else.

Two families of operators:

* mutmut's (``MUTMUT_OPERATORS``): its node operators (``mutation_operators`` of
  ``mutmut.mutation.mutators``, ``mutmut.node_mutation`` before 3.4) are plain functions from
  a libcst node to its mutated nodes, and serve here as a library. Left out: those that
  replace a value by None or garble a string or a keyword argument (every check that calls
  the answer refuses them, so they would only inflate a kill rate), and its conditional
  expression operator (``condition`` below covers every condition in one way);
* the pack's own (``OWN_OPERATORS``), for the mistakes a solver of these puzzles makes that
  mutmut does not try: a constant one lower, a comparison negated, ``/`` for ``//`` and
  ``//`` for ``*``, ``min`` for ``max``, a dropped ``sorted(...)``, a tie-break dropped from
  a key, two arguments or two items swapped, a condition forced True or False, a statement
  dropped, the neighbouring ``range``.

Mutants whose code is that of the cell, or that of an earlier mutant (compared as Python's
own syntax tree), or that do not compile, are left out.
"""

from __future__ import annotations

import ast
import difflib
import io
import tokenize
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

__all__ = ["Mutation", "OPERATORS", "MUTMUT_OPERATORS", "OWN_OPERATORS", "mutations", "operator_names"]

_STRING_METHODS = "lower/upper, find/rfind, split/rsplit and the like swapped (mutmut)"

# mutmut's node operators used here, by their function's name -> the name a mutant carries
MUTMUT_OPERATORS: dict[str, tuple[str, str]] = {
    "operator_number": ("constant+1", "a number one higher (mutmut)"),
    "operator_swap_op": (
        "swap-operator",
        "+ and -, * for /, // for /, ** for *, < and <=, > and >=, == and !=, and/or (mutmut)",
    ),
    "operator_keywords": ("keyword", "break for return, continue for break, in/not in, is/is not (mutmut)"),
    "operator_name": ("true-false", "True and False swapped (mutmut)"),
    "operator_remove_unary_ops": ("drop-not", "a `not` or `~` dropped (mutmut)"),
    "operator_arg_removal": (
        "drop-argument",
        "one argument of a call dropped (mutmut; not its None for one)",
    ),
    "operator_augmented_assignment": ("plain-assignment", "x += y made x = y (mutmut)"),
    "operator_symmetric_string_methods_swap": ("string-method", _STRING_METHODS),
    "operator_unsymmetrical_string_methods_swap": ("string-method", _STRING_METHODS),
    "operator_match": ("drop-case", "a case of a match dropped (mutmut)"),
}

OWN_OPERATORS: dict[str, str] = {
    "constant-1": "a number one lower",
    "comparison-negated": "< for >=, <= for >, > for <=, >= for <",
    "arithmetic": "/ for //, * for //, // for *, % for // (and their augmented forms)",
    "min-max": "min for max and max for min",
    "drop-call": "sorted(x), reversed(x), abs(x), round(x), set(x), list(x), tuple(x) made x",
    "tie-break": "the tuple a key returns (a key= lambda, a function given as key=) loses its last item",
    "swap-arguments": "two neighbouring arguments of a call swapped (not of min, max, gcd, lcm)",
    "swap-items": "two neighbouring items of a tuple swapped",
    "condition": "the test of an if, elif, while, conditional expression or comprehension: True, then False",
    "drop-statement": "a break, continue, augmented assignment, re-assignment, call or if statement dropped",
    "range": "range(a, b) made range(a, b + 1) and range(a + 1, b); range(b): range(b + 1) and range(1, b)",
}

OPERATORS: dict[str, str] = {name: words for name, words in MUTMUT_OPERATORS.values()} | OWN_OPERATORS


def operator_names() -> list[str]:
    """Every operator's name, mutmut's first."""
    return list(OPERATORS)


@dataclass(frozen=True)
class Mutation:
    """One mutant of a cell: its whole source, and the change in a reader's terms."""

    operator: str
    source: str
    before: str  # the changed lines of the cell, stripped, joined by newlines
    after: str  # the same lines in the mutant
    line: int  # where the change starts in the cell, from 1


# -- libcst helpers ---------------------------------------------------------------------------------


def _cst() -> Any:
    import libcst

    return libcst


def _mutmut_operators() -> list[tuple[type, Callable[[Any], Iterable[Any]], str]]:
    try:
        from mutmut.mutation.mutators import mutation_operators  # mutmut >= 3.4
    except ImportError:  # pragma: no cover - mutmut 3.0 to 3.3
        from mutmut.node_mutation import mutation_operators
    chosen = []
    for node_type, function in mutation_operators:
        named = MUTMUT_OPERATORS.get(function.__name__)
        if named is not None:
            chosen.append((node_type, function, named[0]))
    return chosen


_ATOMS = (
    "Name",
    "Attribute",
    "Call",
    "Subscript",
    "Integer",
    "Float",
    "Imaginary",
    "SimpleString",
    "ConcatenatedString",
    "FormattedString",
    "List",
    "Set",
    "Dict",
    "ListComp",
    "SetComp",
    "DictComp",
    "Tuple",
)


def _atomic(node: Any) -> bool:
    return type(node).__name__ in _ATOMS or bool(getattr(node, "lpar", ()))


def _parenthesised(node: Any) -> Any:
    """``node`` as it may stand in any place of an expression."""
    cst = _cst()
    if getattr(node, "lpar", ()) or type(node).__name__ in _ATOMS and not isinstance(node, cst.Tuple):
        return node
    return node.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])


def _plus_one(node: Any) -> Any:
    """``node + 1``, parenthesised where its own operator binds less tightly than +."""
    cst = _cst()
    if isinstance(node, cst.Integer):
        return node.with_changes(value=str(node.evaluated_value + 1))
    arithmetic = (cst.Add, cst.Subtract, cst.Multiply, cst.Divide, cst.FloorDivide, cst.Modulo, cst.Power)
    left = node
    if not (_atomic(node) or isinstance(node, cst.BinaryOperation) and isinstance(node.operator, arithmetic)):
        left = _parenthesised(node)
    return cst.BinaryOperation(left=left, operator=cst.Add(), right=cst.Integer("1"))


def _name_of_call(node: Any) -> str | None:
    cst = _cst()
    if isinstance(node.func, cst.Name):
        return node.func.value
    return None


def _positional(node: Any) -> list[int]:
    return [i for i, arg in enumerate(node.args) if arg.keyword is None and not arg.star]


# -- the pack's own operators ---------------------------------------------------------------------------
# Each takes a node and the chain of its parents (innermost last) and yields (operator, new node).


def _constant_minus_one(node: Any, parents: list[Any]) -> Iterator[tuple[str, Any]]:
    cst = _cst()
    if isinstance(node, (cst.Integer, cst.Float)):
        value = node.evaluated_value - 1
        text = repr(value)
        if value < 0:
            yield (
                "constant-1",
                cst.UnaryOperation(
                    operator=cst.Minus(),
                    expression=type(node)(value=repr(-value)),
                    lpar=node.lpar,
                    rpar=node.rpar,
                ),
            )
        else:
            yield "constant-1", node.with_changes(value=text)


def _negated_comparison(node: Any, parents: list[Any]) -> Iterator[tuple[str, Any]]:
    cst = _cst()
    if not isinstance(node, cst.ComparisonTarget):
        return
    negation = {
        cst.LessThan: cst.GreaterThanEqual,
        cst.LessThanEqual: cst.GreaterThan,
        cst.GreaterThan: cst.LessThanEqual,
        cst.GreaterThanEqual: cst.LessThan,
    }
    new = negation.get(type(node.operator))
    if new is not None:
        operator = new(
            whitespace_before=node.operator.whitespace_before, whitespace_after=node.operator.whitespace_after
        )
        yield "comparison-negated", node.with_changes(operator=operator)


def _arithmetic(node: Any, parents: list[Any]) -> Iterator[tuple[str, Any]]:
    cst = _cst()
    if isinstance(node, cst.BinaryOperation):
        mapping = {
            cst.Divide: (cst.FloorDivide,),
            cst.Multiply: (cst.FloorDivide,),
            cst.FloorDivide: (cst.Multiply,),
            cst.Modulo: (cst.FloorDivide,),
        }
    elif isinstance(node, cst.AugAssign):
        mapping = {
            cst.DivideAssign: (cst.FloorDivideAssign,),
            cst.MultiplyAssign: (cst.FloorDivideAssign,),
            cst.FloorDivideAssign: (cst.MultiplyAssign,),
            cst.ModuloAssign: (cst.FloorDivideAssign,),
        }
    else:
        return
    for new in mapping.get(type(node.operator), ()):
        operator = new(
            whitespace_before=node.operator.whitespace_before, whitespace_after=node.operator.whitespace_after
        )
        yield "arithmetic", node.with_changes(operator=operator)


_WRAPPERS = {"sorted", "reversed", "abs", "round", "set", "frozenset", "list", "tuple"}
_SYMMETRIC = {"min", "max", "gcd", "lcm", "hypot"}


def _calls(node: Any, parents: list[Any]) -> Iterator[tuple[str, Any]]:
    cst = _cst()
    if not isinstance(node, cst.Call):
        return
    name = _name_of_call(node)
    positional = _positional(node)
    if name in ("min", "max"):
        yield (
            "min-max",
            node.with_changes(func=node.func.with_changes(value="max" if name == "min" else "min")),
        )
    if name in _WRAPPERS and len(positional) == 1 and len(node.args) >= 1:
        argument = node.args[positional[0]].value
        if positional[0] == 0:
            yield "drop-call", _parenthesised(argument)
    if name not in _SYMMETRIC:
        for first, second in zip(positional, positional[1:], strict=False):
            if second != first + 1:
                continue
            a, b = node.args[first], node.args[second]
            if _code(a.value) == _code(b.value):
                continue
            args = list(node.args)
            args[first], args[second] = a.with_changes(value=b.value), b.with_changes(value=a.value)
            yield "swap-arguments", node.with_changes(args=args)
    if name == "range" and positional == list(range(len(node.args))) and 1 <= len(node.args) <= 3:
        args = list(node.args)
        if len(args) == 1:
            stop = args[0]
            yield "range", node.with_changes(args=[stop.with_changes(value=_plus_one(stop.value))])
            yield (
                "range",
                node.with_changes(
                    args=[
                        cst.Arg(
                            value=cst.Integer("1"),
                            comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")),
                        ),
                        stop,
                    ]
                ),
            )
        else:
            start, stop = args[0], args[1]
            yield (
                "range",
                node.with_changes(args=[start, stop.with_changes(value=_plus_one(stop.value)), *args[2:]]),
            )
            yield (
                "range",
                node.with_changes(args=[start.with_changes(value=_plus_one(start.value)), *args[1:]]),
            )


def _tuple_without_last(node: Any) -> Any:
    cst = _cst()
    elements = list(node.elements[:-1])
    if len(elements) == 1:
        elements[0] = elements[0].with_changes(comma=cst.Comma())
    else:
        elements[-1] = elements[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
    return node.with_changes(elements=elements)


def _is_target(node: Any, parents: list[Any]) -> bool:
    cst = _cst()
    if not parents:
        return False
    parent = parents[-1]
    if isinstance(parent, (cst.AssignTarget, cst.Del)):
        return True
    if isinstance(parent, (cst.For, cst.CompFor)) and parent.target is node:
        return True
    if isinstance(parent, cst.AugAssign) and parent.target is node:
        return True
    return isinstance(parent, cst.AnnAssign) and parent.target is node


def _tuples(node: Any, parents: list[Any], key_functions: set[str]) -> Iterator[tuple[str, Any]]:
    cst = _cst()
    if not isinstance(node, cst.Tuple) or len(node.elements) < 2 or _is_target(node, parents):
        return
    if any(isinstance(element, cst.StarredElement) for element in node.elements):
        return
    elements = list(node.elements)
    for i in range(len(elements) - 1):
        a, b = elements[i], elements[i + 1]
        if _code(a.value) == _code(b.value):
            continue
        swapped = list(elements)
        swapped[i], swapped[i + 1] = a.with_changes(value=b.value), b.with_changes(value=a.value)
        yield "swap-items", node.with_changes(elements=swapped)
    if _is_key(node, parents, key_functions):
        yield "tie-break", _tuple_without_last(node)


def _is_key(node: Any, parents: list[Any], key_functions: set[str]) -> bool:
    """A tuple a key returns: a key= lambda's body, or returned by a function given as key=."""
    cst = _cst()
    if not parents:
        return False
    parent = parents[-1]
    if isinstance(parent, cst.Lambda) and parent.body is node and len(parents) >= 2:
        holder = parents[-2]
        return isinstance(holder, cst.Arg) and holder.keyword is not None and holder.keyword.value == "key"
    if isinstance(parent, cst.Return) and parent.value is node:
        function = next((p for p in reversed(parents) if isinstance(p, cst.FunctionDef)), None)
        return function is not None and function.name.value in key_functions
    return False


def _condition(node: Any, parents: list[Any]) -> Iterator[tuple[str, Any]]:
    cst = _cst()
    if not isinstance(node, (cst.If, cst.While, cst.IfExp, cst.CompIf)):
        return
    test = node.test
    for value in ("True", "False"):
        if isinstance(test, cst.Name) and test.value == value:
            continue
        forced = cst.Name(value, lpar=test.lpar, rpar=test.rpar)
        yield "condition", node.with_changes(test=forced)


def _pass_line(statement: Any) -> Any:
    cst = _cst()
    return cst.SimpleStatementLine(
        body=[cst.Pass()],
        leading_lines=statement.leading_lines,
        trailing_whitespace=statement.trailing_whitespace
        if isinstance(statement, cst.SimpleStatementLine)
        else cst.TrailingWhitespace(newline=cst.Newline()),
    )


def _dropped_statement(node: Any, parents: list[Any], assigned: set[str]) -> Iterator[tuple[str, Any]]:
    cst = _cst()
    if not any(isinstance(p, (cst.FunctionDef, cst.Lambda)) for p in parents):
        return  # a cell's top level: its definitions, not its computation
    if isinstance(node, cst.If) and not (parents and isinstance(parents[-1], cst.If)):
        if node.orelse is None:
            yield "drop-statement", _pass_line(node)
        return
    if not isinstance(node, cst.SimpleStatementLine) or len(node.body) != 1:
        return
    small = node.body[0]
    droppable = isinstance(small, (cst.Break, cst.Continue, cst.AugAssign))
    if isinstance(small, cst.Expr) and isinstance(small.value, cst.Call):
        droppable = True
    if isinstance(small, cst.Assign):
        names = [n for target in small.targets for n in _names(target.target)]
        droppable = bool(names) and all(name in assigned for name in names)
    if droppable:
        yield "drop-statement", _pass_line(node)


def _names(target: Any) -> list[str]:
    cst = _cst()
    if isinstance(target, cst.Name):
        return [target.value]
    if isinstance(target, (cst.Tuple, cst.List)):
        return [n for element in target.elements for n in _names(element.value)]
    return ["<not a name>"]  # a subscript or an attribute: never a plain re-assignment


def _code(node: Any) -> str:
    cst = _cst()
    return cst.Module(body=[]).code_for_node(node)


# -- walking a cell ---------------------------------------------------------------------------------------


def _collect(module: Any) -> list[tuple[str, Any, Any]]:
    """Every (operator, node, new node) of a parsed cell, in the order of the source."""
    cst = _cst()
    mutmut = _mutmut_operators()
    key_functions = {
        node.value.value
        for node in _walk(module)
        if isinstance(node, cst.Arg)
        and node.keyword is not None
        and node.keyword.value == "key"
        and isinstance(node.value, cst.Name)
    }
    found: list[tuple[str, Any, Any]] = []

    class Visitor(cst.CSTVisitor):
        def __init__(self) -> None:
            super().__init__()
            self.parents: list[Any] = []
            self.scopes: list[set[str]] = [set()]

        def on_visit(self, node: Any) -> bool:
            skip = isinstance(
                node, (cst.Annotation, cst.Decorator, cst.Import, cst.ImportFrom)
            ) or _docstring(node)
            if not skip:
                self.mutate(node)
            if isinstance(node, (cst.FunctionDef, cst.Lambda)):
                params = node.params
                every = [*params.posonly_params, *params.params, *params.kwonly_params]
                every += [p for p in (params.star_arg, params.star_kwarg) if isinstance(p, cst.Param)]
                self.scopes.append({p.name.value for p in every})
            self.parents.append(node)
            return not skip

        def on_leave(self, original_node: Any) -> None:
            self.parents.pop()
            if isinstance(original_node, (cst.FunctionDef, cst.Lambda)):
                self.scopes.pop()
            elif isinstance(original_node, cst.SimpleStatementLine):
                for small in original_node.body:
                    if isinstance(small, cst.Assign):
                        for target in small.targets:
                            self.scopes[-1].update(_names(target.target))
            elif isinstance(original_node, (cst.For, cst.CompFor)):
                self.scopes[-1].update(_names(original_node.target))

        def mutate(self, node: Any) -> None:
            for node_type, function, name in mutmut:
                if isinstance(node, node_type):
                    for new in function(node):
                        if name == "drop-argument" and len(new.args) >= len(node.args):
                            continue  # an argument made None: left out
                        found.append((name, node, new))
            parents = self.parents
            for operator in (_constant_minus_one, _negated_comparison, _arithmetic, _calls, _condition):
                for name, new in operator(node, parents):
                    found.append((name, node, new))
            for name, new in _tuples(node, parents, key_functions):
                found.append((name, node, new))
            for name, new in _dropped_statement(node, parents, self.scopes[-1]):
                found.append((name, node, new))

    module.visit(Visitor())
    return found


def _docstring(node: Any) -> bool:
    cst = _cst()
    return (
        isinstance(node, cst.SimpleStatementLine)
        and len(node.body) == 1
        and isinstance(node.body[0], cst.Expr)
        and isinstance(node.body[0].value, (cst.SimpleString, cst.ConcatenatedString))
    )


def _walk(node: Any) -> Iterator[Any]:
    yield node
    for child in node.children:
        yield from _walk(child)


def _code_lines(source: str) -> list[str]:
    """The source's lines without their comments (a mutant's identity should not hang on them)."""
    lines = source.splitlines()
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(source).readline))
    except (tokenize.TokenError, SyntaxError):
        return lines
    for token in reversed(tokens):
        if token.type == tokenize.COMMENT:
            row, column = token.start
            lines[row - 1] = lines[row - 1][:column].rstrip()
    return lines


def _change(source: str, mutated: str) -> tuple[str, str, int]:
    old, new = _code_lines(source), _code_lines(mutated)
    before: list[str] = []
    after: list[str] = []
    line = 0
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(a=old, b=new, autojunk=False).get_opcodes():
        if tag == "equal":
            continue
        line = line or i1 + 1
        before += [text.strip() for text in old[i1:i2]]
        after += [text.strip() for text in new[j1:j2]]
    return "\n".join(before), "\n".join(after), line


def _splicer(module: Any, source: str) -> Callable[[Any, Any], str]:
    """``(node, new) -> the cell's code with node replaced``: the new node's text put in the old
    one's place where that place holds exactly the old node's text (most nodes, and fast), the
    whole tree rebuilt elsewhere (a node with parentheses, a compound statement)."""
    from libcst.metadata import ByteSpanPositionProvider, MetadataWrapper

    spans = MetadataWrapper(module, unsafe_skip_copy=True).resolve(ByteSpanPositionProvider)
    data = source.encode("utf-8")

    def splice(node: Any, new: Any) -> str:
        span = spans.get(node)
        if span is not None:
            old = data[span.start : span.start + span.length]
            if old == module.code_for_node(node).encode("utf-8"):
                replaced = data[: span.start] + module.code_for_node(new).encode("utf-8")
                return (replaced + data[span.start + span.length :]).decode("utf-8")
        return module.deep_replace(node, new).code

    return splice


def mutations(source: str, operators: Iterable[str] | None = None) -> list[Mutation]:
    """Every mutant of one code cell (optionally only those of ``operators``), in source order.

    Raises ``SyntaxError`` when the cell is not Python that libcst can read (an IPython magic).
    """
    cst = _cst()
    wanted = set(operators) if operators is not None else None
    try:
        module = cst.parse_module(source)
    except cst.ParserSyntaxError as error:
        raise SyntaxError(f"the cell cannot be read as Python: {error}") from None
    seen = {ast.dump(ast.parse(source))}
    result = []
    splice = _splicer(module, source)
    for name, node, new in _collect(module):
        if wanted is not None and name not in wanted:
            continue
        try:
            mutated = splice(node, new)
            tree = ast.parse(mutated)
            compile(tree, "<mutant>", "exec")
        except (SyntaxError, ValueError, TypeError, cst.CSTValidationError):
            continue
        shape = ast.dump(tree)
        if shape in seen:
            continue
        seen.add(shape)
        before, after, line = _change(source, mutated)
        result.append(Mutation(name, mutated, before, after, line))
    return result
