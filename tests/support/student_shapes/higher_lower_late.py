"""Student-shaped wrong answers of the late higher-lower checks: lesson IV's Johnson stretches
(higher-lower-6) and the appendix's short tree (higher-lower-9). See the package's docstring."""

from __future__ import annotations

from fractions import Fraction

from . import shape

# -- higher-lower-6: the stretches where Johnson's pattern 2 fails --------------------------------


def _runs(sizes, fails):
    """Maximal runs of consecutive sizes among ``sizes`` (walked in the order given) that fail."""
    found = []
    for N in sizes:
        if not fails(N):
            continue
        if found and found[-1][1] == N - 1:
            found[-1] = (found[-1][0], N)
        else:
            found.append((N, N))
    return found


@shape("higher-lower-6", "float")
def stretches_within_a_tolerance(hider):
    """Calls the pattern broken only when |a_1 - 2 a_2| > 1e-12: a break smaller than the
    tolerance (10**-30 at N = 100) is missed."""
    return _runs(sorted(hider), lambda N: N >= 7 and abs(float(hider[N][0] - 2 * hider[N][1])) > 1e-12)


@shape("higher-lower-6", "wrong model")
def stretches_from_the_other_end(hider):
    """Tests a_N = 2 a_(N-1) instead of a_1 = 2 a_2, trusting the symmetry of Alice's
    distributions: a distribution that is not symmetric is judged at the wrong end."""
    return _runs(sorted(hider), lambda N: N >= 7 and hider[N][-1] != 2 * hider[N][-2])


@shape("higher-lower-6", "wrong model")
def stretches_one_sided(hider):
    """Counts a size as breaking the pattern only when a_1 < 2 a_2, the way every break in the
    shipped data goes: a_1 above 2 a_2 is taken for the pattern holding."""
    return _runs(sorted(hider), lambda N: N >= 7 and hider[N][0] < 2 * hider[N][1])


@shape("higher-lower-6", "wrong model")
def stretches_by_place_in_the_list(hider):
    """Joins consecutive failing entries of the sorted list, not consecutive sizes: a size
    missing from the dictionary does not end a run."""
    found, previous = [], None
    for N in sorted(hider):
        if N < 7:
            continue
        if hider[N][0] != 2 * hider[N][1]:
            if found and previous == found[-1][1]:
                found[-1] = (found[-1][0], N)
            else:
                found.append((N, N))
        previous = N
    return found


@shape("higher-lower-6", "off by one")
def stretches_without_the_last_run(hider):
    """Closes a run only when a passing size follows it: the run that reaches the largest size is
    never written out."""
    found, current = [], None
    for N in sorted(hider):
        if N >= 7 and hider[N][0] != 2 * hider[N][1]:
            current = (current[0], N) if current and current[1] == N - 1 else (N, N)
        else:
            if current:
                found.append(current)
            current = None
    return found


@shape("higher-lower-6", "off by one")
def stretches_from_size_one(hider):
    """Forgets the bound N >= 7 of the pattern: the small sizes, where a_1 = 2 a_2 was never
    claimed, open stretches of their own."""
    return _runs(sorted(hider), lambda N: len(hider[N]) > 1 and hider[N][0] != 2 * hider[N][1])


# -- higher-lower-9: a search tree of at most h levels (the appendix) -----------------------------


def _full_depths(h):
    F = [1]
    for _ in range(h - 1):
        F = [d + 1 for d in F] + [1] + [d + 1 for d in F]
    return F


def _plain_table(weights, h):
    """The table of the DP (2.2) on the cost alone: W[i][j], the least cost of the first i keys
    placed at i of the first j depths of the full tree F of height h."""
    F = _full_depths(h)
    N, M = len(weights), len(F)
    W = [[0] * (M + 1)] + [[None] * (M + 1) for _ in range(N)]
    for i in range(1, N + 1):
        for j in range(i, M + 1):
            take = None if W[i - 1][j - 1] is None else W[i - 1][j - 1] + weights[i - 1] * F[j - 1]
            W[i][j] = min(x for x in (W[i][j - 1], take) if x is not None)
    return W, F


def _traceback_skipping_on_ties(W, F):
    """The lesson's traceback of a table of (2.2): skip position j when it ties."""
    N, M = len(W) - 1, len(F)
    depths, i, j = [0] * N, N, M
    while i > 0:
        if W[i][j - 1] is not None and W[i][j - 1] == W[i][j]:
            j -= 1
        else:
            depths[i - 1] = F[j - 1]
            i, j = i - 1, j - 1
    return tuple(depths)


def _plain_dp(weights, h):
    """The DP (2.2) on the cost alone and the lesson's traceback (skip position j on a tie)."""
    return _traceback_skipping_on_ties(*_plain_table(weights, h))


@shape("higher-lower-9", "wrong model")
def short_tree_zeros_replaced_by_one(weights, h):
    """Puts a weight of 1 in place of every zero, as if any positive stand-in left the optimal
    trees as they were: at [0, 0, 0, 1], h = 3 it returns (3, 2, 1, 2), cost 2, where
    (3, 2, 3, 1) costs 1."""
    return _plain_dp([w if w else 1 for w in weights], h)


@shape("higher-lower-9", "wrong model")
def short_tree_zeros_replaced_by_a_thousandth(weights, h):
    """Puts 1/1000 in place of every zero: beside a weight smaller than that (1/10**4 among
    zeros, h = 3) the zeros take the shallow places."""
    return _plain_dp([w if w else Fraction(1, 1000) for w in weights], h)


@shape("higher-lower-9", "wrong model")
def short_tree_zeros_replaced_by_a_millionth(weights, h):
    """Puts 1/10**6 in place of every zero: a stand-in is never small enough for every input
    (1/10**7 among zeros, h = 3, is placed too deep)."""
    return _plain_dp([w if w else Fraction(1, 10**6) for w in weights], h)


@shape("higher-lower-9", "float")
def short_tree_zeros_replaced_by_1e_9(weights, h):
    """Puts the float 1e-9 in place of every zero, so the costs become floats too, and a weight
    of 1/10**10 among zeros loses to them."""
    return _plain_dp([w if w else 1e-9 for w in weights], h)


@shape("higher-lower-9", "float")
def short_tree_every_weight_plus_1e_9(weights, h):
    """Adds the float 1e-9 to every weight: the shift outweighs a weight of 1/10**10, which the
    tree then places too deep."""
    return _plain_dp([w + 1e-9 for w in weights], h)


@shape("higher-lower-9", "wrong model")
def short_tree_zeros_replaced_by_a_stand_in_from_the_weights(weights, h):
    """Puts (least positive weight) / (2 N h + 1) in place of every zero: small beside the least
    weight, but not beside the least difference of two costs ([1000000003/10**9, 0, 1, 0],
    h = 3)."""
    stand_in = Fraction(min(w for w in weights if w)) / (2 * len(weights) * h + 1)
    return _plain_dp([w if w else stand_in for w in weights], h)


@shape("higher-lower-9", "wrong model")
def short_tree_take_on_ties(weights, h):
    """Breaks ties in the traceback towards taking position j: still no rule that makes the
    subsequence a tree ([0, 2], h = 3 gives (3, 1))."""
    W, F = _plain_table(weights, h)
    N, M = len(weights), len(F)
    depths, i, j = [0] * N, N, M
    while i > 0:
        take = None if W[i - 1][j - 1] is None else W[i - 1][j - 1] + weights[i - 1] * F[j - 1]
        if take == W[i][j]:
            depths[i - 1] = F[j - 1]
            i, j = i - 1, j - 1
        else:
            j -= 1
    return tuple(depths)


@shape("higher-lower-9", "small inputs only")
def short_tree_search_then_balanced(weights, h):
    """Tries every depth vector for N <= 7 and keeps the cheapest search tree within h levels;
    beyond, the balanced tree, whatever the weights."""
    N = len(weights)
    if N <= 7:
        best = None
        for depths in _trees(1, N, 1, h):
            cost = sum(w * d for w, d in zip(weights, depths, strict=True))
            if best is None or cost < best[0]:
                best = (cost, depths)
        return best[1]
    depths = [0] * N
    stack = [(1, N, 1)]
    while stack:
        a, b, level = stack.pop()
        if a <= b:
            r = (a + b) // 2
            depths[r - 1] = level
            stack += [(a, r - 1, level + 1), (r + 1, b, level + 1)]
    return tuple(depths)


def _trees(a, b, level, h):
    """Every search tree on the keys a..b hung at ``level``, within h levels, as depth tuples."""
    if a > b:
        yield ()
        return
    if level > h:
        return
    for r in range(a, b + 1):
        for left in _trees(a, r - 1, level + 1, h):
            for right in _trees(r + 1, b, level + 1, h):
                yield (*left, level, *right)


@shape("higher-lower-9", "wrong model")
def short_tree_zeros_replaced_by_10_60(weights, h):
    """Puts 1/10**60 in place of every zero, a stand-in smaller than every weight the lesson shows:
    a weight of 10**-1000 among zeros is placed too deep ([0, 10**-1000, 0, 0, 0], h = 4)."""
    return _plain_dp([w if w else Fraction(1, 10**60) for w in weights], h)


# -- higher-lower-10: what a distribution of Alice guarantees her ---------------------------------


def _least_cost(alpha, h=None):
    """The interval DP (2.1) over the keys, right (with at most h levels when h is given)."""
    if h is not None and h < len(alpha):
        return _least_cost_within(alpha, h)
    N = len(alpha)
    prefix = [Fraction(0)]
    for a in alpha:
        prefix.append(prefix[-1] + a)
    E = {(a, a - 1): Fraction(0) for a in range(1, N + 2)}
    for length in range(1, N + 1):
        for a in range(1, N - length + 2):
            b = a + length - 1
            E[a, b] = (prefix[b] - prefix[a - 1]) + min(E[a, r - 1] + E[r + 1, b] for r in range(a, b + 1))
    return E[1, N]


def _balanced_depths(N):
    depths = [0] * N
    stack = [(1, N, 1)]
    while stack:
        a, b, level = stack.pop()
        if a <= b:
            r = (a + b) // 2
            depths[r - 1] = level
            stack += [(a, r - 1, level + 1), (r + 1, b, level + 1)]
    return depths


@shape("higher-lower-10", "float")
def guarantee_in_floats(alpha, h=None):
    """The interval DP with the probabilities turned into floats: the value it returns is a float,
    where an exact Fraction is asked (and rounded in its last bits)."""
    return float(_least_cost(tuple(float(a) for a in alpha), h))


@shape("higher-lower-10", "greedy")
def guarantee_of_the_balanced_tree(alpha, h=None):
    """The cost of the balanced tree against alpha: bisection is not Bob's best reply once Alice
    moves weight to the ends."""
    return sum((a * d for a, d in zip(alpha, _balanced_depths(len(alpha)), strict=True)), Fraction(0))


@shape("higher-lower-10", "greedy")
def guarantee_of_the_likeliest_key_first(alpha, h=None):
    """Roots every interval at its likeliest key (a greedy tree, not the DP): it can hang a long
    chain below an end that Alice favours."""
    alpha = tuple(alpha)
    total, stack = Fraction(0), [(0, len(alpha) - 1, 1)]
    while stack:
        a, b, level = stack.pop()
        if a <= b:
            r = max(range(a, b + 1), key=lambda k: (alpha[k], -abs(2 * k - a - b)))
            total += alpha[r] * level
            stack += [(a, r - 1, level + 1), (r + 1, b, level + 1)]
    return total


@shape("higher-lower-10", "off by one")
def guarantee_counting_depth_from_zero(alpha, h=None):
    """Counts the root's guess as depth 0: one guess short, for every distribution."""
    return _least_cost(tuple(alpha), h) - 1


@shape("higher-lower-10", "small inputs only")
def guarantee_listing_small_trees(alpha, h=None):
    """Lists every tree for N <= 8 and takes the cheapest; beyond, the balanced tree's cost."""
    alpha = tuple(alpha)
    N = len(alpha)
    if N > 8:
        return guarantee_of_the_balanced_tree(alpha)
    h = N if h is None else h

    def trees(a, b, level):
        if a > b:
            yield ()
            return
        for r in range(a, b + 1):
            for left in trees(a, r - 1, level + 1):
                for right in trees(r + 1, b, level + 1):
                    yield (*left, level, *right)

    return min(
        sum((p * d for p, d in zip(alpha, t, strict=True)), Fraction(0))
        for t in trees(1, N, 1)
        if max(t) <= h
    )


@shape("higher-lower-10", "wrong model")
def guarantee_as_the_uniform_value(alpha, h=None):
    """Takes the guarantee to be the best tree's average over the secrets, as if Alice hid every
    number equally often: the distribution itself is never used."""
    N = len(alpha)
    return _least_cost(tuple(Fraction(1, N) for _ in range(N)), h)


def _least_cost_within(alpha, h):
    """The interval DP with the levels left as part of the state: at most h levels, right."""
    N = len(alpha)
    prefix = [Fraction(0)]
    for a in alpha:
        prefix.append(prefix[-1] + a)
    E = {(a, a - 1): Fraction(0) for a in range(1, N + 2)}
    for level in range(1, h + 1):
        new = {(a, a - 1): Fraction(0) for a in range(1, N + 2)}
        for length in range(1, min(N, 2**level - 1) + 1):
            for a in range(1, N - length + 2):
                b = a + length - 1
                costs = [
                    E[a, r - 1] + E[r + 1, b] for r in range(a, b + 1) if (a, r - 1) in E and (r + 1, b) in E
                ]
                if costs:
                    new[a, b] = prefix[b] - prefix[a - 1] + min(costs)
        E = new
    return E[1, N]


@shape("higher-lower-10", "wrong model")
def guarantee_ignoring_the_height(alpha, h=None):
    """The unbounded DP (2.1) whatever h says: lesson III's recursion pasted unchanged, so a tree
    deeper than h levels can be Bob's reply."""
    return _least_cost(tuple(alpha))


@shape("higher-lower-10", "off by one")
def guarantee_with_one_level_more(alpha, h=None):
    """Lets Bob use h + 1 levels (the root counted as level 0)."""
    return _least_cost(tuple(alpha), None if h is None else h + 1)


@shape("higher-lower-10", "off by one")
def guarantee_with_one_level_less(alpha, h=None):
    """Allows only h - 1 levels below the root's own (L < h where L <= h is meant), and falls back on
    the unbounded value where h - 1 levels cannot hold the keys."""
    if h is None or len(alpha) > 2 ** (h - 1) - 1:
        return _least_cost(tuple(alpha), h)
    return _least_cost(tuple(alpha), h - 1)


_GUARANTEES = {}


@shape("higher-lower-10", "partial cache")
def guarantee_cached_on_alpha(alpha, h=None):
    """The right DP, cached on alpha alone and kept between calls: the same distribution asked with
    h = 5 and then h = 4 gets the first answer twice."""
    key = tuple(alpha)
    if key not in _GUARANTEES:
        _GUARANTEES[key] = _least_cost(key, h)
    return _GUARANTEES[key]


# -- higher-lower-5: the column-generation loop's lower bounds (lesson III, Exercise 7) -------------


def _loop_with_lower(N, record, tol=1e-9):
    """The loop of lesson III, where ``record(round, lower, upper, done)`` says which lower bound a
    round writes down; it stops when the round's own pricing value is within ``tol`` of u."""
    import numpy as np

    from .higher_lower import _best_tree, restricted_lp

    trees = [_best_tree([1.0] * N)[1]]
    rounds = []
    while True:
        lp = restricted_lp(trees, N)
        alpha = np.maximum(-lp.ineqlin.marginals, 0)
        lower, tree = _best_tree(alpha / alpha.sum())
        done = lower >= lp.fun - tol
        rounds.append((lp.fun, record(len(rounds), lower, lp.fun, done), trees[-1]))
        if done:
            return rounds
        trees.append(tree)


@shape("higher-lower-5", "wrong model")
def column_generation_lower_zero_until_the_end(N):
    """Writes 0 as every round's lower bound and copies u into the last one: the bounds meet at the
    end, but no round before it records its pricing value."""
    return _loop_with_lower(N, lambda k, lower, upper, done: upper if done else 0.0)


@shape("higher-lower-5", "wrong model")
def column_generation_lower_of_the_uniform_distribution(N):
    """Records Bob's best reply to the uniform distribution as every round's lower bound (a true
    bound on V(N), but not the round's), and u in the last round."""
    from .higher_lower import _best_tree

    uniform = _best_tree([1.0 / N] * N)[0]
    return _loop_with_lower(N, lambda k, lower, upper, done: upper if done else uniform)


@shape("higher-lower-5", "wrong model")
def column_generation_lower_as_the_best_so_far(N):
    """Records the largest pricing value so far, not the round's own: a bound, but it hides the
    rounds where the pricing value falls (section 5 counts them)."""
    best = [0.0]

    def record(k, lower, upper, done):
        best[0] = lower if k == 0 else max(best[0], lower)
        return best[0]

    return _loop_with_lower(N, record)


def _lexicographic_dp(weights, h):
    """The subsequence DP (2.2) over pairs (cost, sum of the depths), compared lexicographically, and
    its traceback: a valid tree of least cost (right in exact arithmetic)."""
    Fh = [h - ((j & -j).bit_length() - 1) for j in range(1, 2**h)]
    N, M = len(weights), len(Fh)
    W = [[(0, 0)] * (M + 1)] + [[None] * (M + 1) for _ in range(N)]
    for i in range(1, N + 1):
        wi = weights[i - 1]
        for j in range(1, M + 1):
            options = []
            if W[i][j - 1] is not None:
                options.append(W[i][j - 1])
            p = W[i - 1][j - 1]
            if p is not None:
                options.append((p[0] + wi * Fh[j - 1], p[1] + Fh[j - 1]))
            W[i][j] = min(options) if options else None
    return _traceback_skipping_on_ties(W, Fh)


@shape("higher-lower-9", "float")
def short_tree_lexicographic_in_floats(weights, h):
    """The right lexicographic DP run on float weights: 1 + 10**-20 is 1, so two trees whose costs
    differ by 10**-20 tie, and the sum of the depths picks the dearer one."""
    return _lexicographic_dp([float(w) for w in weights], h)


_SHORT_TREES = {}


@shape("higher-lower-9", "partial cache")
def short_tree_cached_on_the_weights(weights, h):
    """The right DP, cached on the weights alone and kept between calls: asked the same weights with
    h = 5 and then h = 3, it answers with the tree of 5 levels."""
    key = tuple(weights)
    if key not in _SHORT_TREES:
        _SHORT_TREES[key] = _lexicographic_dp(weights, h)
    return _SHORT_TREES[key]


@shape("higher-lower-6", "printed sizes")
def stretches_over_the_shipped_sizes(hider):
    """Walks the sizes 7..1024, the ones the lesson ships, instead of the dictionary's own: a data
    set with larger sizes loses its stretches beyond 1024."""
    return _runs([N for N in range(7, 1025) if N in hider], lambda N: hider[N][0] != 2 * hider[N][1])


@shape("higher-lower-5", "wrong model")
def column_generation_ignoring_tol(N, tol=1e-9):
    """Takes ``tol`` but stops at a gap of 1e-4 of its own: the same rounds as the right loop
    wherever no gap falls between 1e-9 and 1e-4, and too many rounds when called with tol = 0.03."""
    return _loop_with_lower(N, lambda k, lower, upper, done: lower, tol=1e-4)


@shape("higher-lower-5", "off by one")
def column_generation_naming_the_priced_tree(N, tol=1e-9):
    """Writes in each round the tree priced in it (the one that enters next) instead of the one
    that entered for it: the start tree is never named, so the restricted LPs cannot be solved
    again from the rounds."""
    import numpy as np

    from .higher_lower import _best_tree, restricted_lp

    trees = [_best_tree([1.0] * N)[1]]
    rounds = []
    while True:
        lp = restricted_lp(trees, N)
        alpha = np.maximum(-lp.ineqlin.marginals, 0)
        lower, tree = _best_tree(alpha / alpha.sum())
        rounds.append((lp.fun, lower, tree))
        if lower >= lp.fun - tol:
            return rounds
        trees.append(tree)


# -- higher-lower-4: Bob's best reply as a tree (lesson III, Exercise 6) ----------------------------


@shape("higher-lower-4", "small inputs only")
def optimal_tree_capped_at_three_spare_levels(weights):
    """The DP (2.1) with the height threaded through and capped at ceil(lg(N + 1)) + 3 levels, as
    if "one level more sufficed" held for every best reply, not only for the optimal mixtures:
    geometric weights need a path as deep as N."""
    N = len(weights)
    H = N.bit_length() + 3
    prefix = [0]
    for w in weights:
        prefix.append(prefix[-1] + w)
    E, R = {}, {}

    def get(a, b, h):
        if a > b:
            return 0
        return None if h == 0 else E[a, b, h]

    for h in range(1, H + 1):
        for length in range(1, N + 1):
            for a in range(1, N - length + 2):
                b = a + length - 1
                best, root = None, None
                for r in range(a, b + 1):
                    left, right = get(a, r - 1, h - 1), get(r + 1, b, h - 1)
                    if left is None or right is None:
                        continue
                    if best is None or left + right < best:
                        best, root = left + right, r
                E[a, b, h] = None if root is None else best + prefix[b] - prefix[a - 1]
                R[a, b, h] = root
    depths, stack = [0] * N, [(1, N, 1, H)]
    while stack:
        a, b, d, h = stack.pop()
        if a <= b:
            r = R[a, b, h]
            depths[r - 1] = d
            stack += [(a, r - 1, d + 1, h - 1), (r + 1, b, d + 1, h - 1)]
    return tuple(depths)


# -- higher-lower-9: stand-ins far below the weights the lesson shows --------------------------------


@shape("higher-lower-9", "wrong model")
def short_tree_zeros_replaced_by_least_weight_over_10_30(weights, h):
    """Puts (least positive weight) / 10**30 in place of every zero: tiny beside the least weight,
    but not beside two costs 10**-1000 apart ([2 + 10**-1000, 1, 0, 0, 1, 0, 0], h = 5)."""
    least = min(Fraction(w) for w in weights if w)
    return _plain_dp([w if w else least / 10**30 for w in weights], h)


@shape("higher-lower-9", "wrong model")
def short_tree_every_weight_plus_10_60(weights, h):
    """Adds 1/10**60 to every weight: beside a weight of 10**-1000 the shift is what decides
    ([10**-1000, 0, 0], h = 3 gets the balanced tree, twice the least cost)."""
    return _plain_dp([w + Fraction(1, 10**60) for w in weights], h)


@shape("higher-lower-9", "wrong model")
def short_tree_zeros_replaced_by_10_2000(weights, h):
    """Puts the fixed number 10**-2000 in place of every zero, far below any weight the lesson
    shows: beside a weight of 10**-4200 ([10**-4200, 0, 0], h = 3) it is the zeros that weigh."""
    return _plain_dp([w if w else Fraction(1, 10**2000) for w in weights], h)


@shape("higher-lower-9", "wrong model")
def short_tree_zeros_replaced_by_least_weight_over_10_2000(weights, h):
    """Puts (least positive weight) / 10**2000 in place of every zero: still larger than a gap
    of 10**-4000 between two costs ([2 + 10**-4000, 1, 0, 0, 1, 0, 0], h = 5)."""
    least = min(Fraction(w) for w in weights if w)
    return _plain_dp([w if w else least / 10**2000 for w in weights], h)


# -- higher-lower-10: h = None handled with a height after all --------------------------------------


@shape("higher-lower-10", "small inputs only")
def guarantee_capped_two_levels_above_the_fewest(alpha, h=None):
    """For h = None runs the height DP with two levels more than N needs (lesson III: one more
    sufficed for the optimal mixtures): wrong where Bob's best reply is deep, as for a_i
    proportional to 2**-i at N = 8 (168/85 for 502/255)."""
    alpha = tuple(alpha)
    if h is None:
        h = len(alpha).bit_length() + 2
    return _least_cost_within(alpha, min(h, len(alpha)))


@shape("higher-lower-10", "small inputs only")
def guarantee_capped_at_ten_levels(alpha, h=None):
    """For h = None runs the height DP with at most 10 levels: right up to N = 10, wrong where
    Bob's best reply is a deeper path (a_i proportional to 2**-i at N = 30)."""
    alpha = tuple(alpha)
    if h is None:
        h = 10
    return _least_cost_within(alpha, min(h, len(alpha)))
