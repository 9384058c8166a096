"""What the cross-checks of whole positions (chess.py, shogi.py, xiangqi.py) share.

A developer's tool, not part of the test suite (see README.md beside it). Each of those
scripts plays seeded random games in OpenSpiel, stops each after a random number of plies,
and compares there the perft counts and the legal moves of OpenSpiel and of rulebook's
binary (`rulebook position GAME --position TEXT --json`, `rulebook perft GAME DEPTH
--position TEXT`). This module holds the parts that do not depend on the game: the
command-line options of such a run, the random walk, OpenSpiel's perft, running rulebook,
and the comparison's report. Each script keeps its own translation of positions and moves.
"""

import json
import subprocess


def perft(state, depth):
    """Leaves of OpenSpiel's tree `depth` plies below `state`; a finished game has no moves
    (it counts as a leaf at depth 0 only, as in rulebook's perft)."""
    if depth == 0:
        return 1
    if state.is_terminal():
        return 0
    actions = state.legal_actions()
    if depth == 1:
        return len(actions)
    return sum(perft(state.child(a), depth - 1) for a in actions)


def perft_counts(state, depth):
    """Leaf counts of OpenSpiel's tree below `state` at depths 1..`depth` (a finished game
    has no moves)."""
    counts = [0] * depth

    def walk(s, d):
        if s.is_terminal():
            return
        actions = s.legal_actions()
        counts[d] += len(actions)
        if d + 1 == depth:
            return
        for a in actions:
            walk(s.child(a), d + 1)

    walk(state, 0)
    return counts


def depth_within(state, leaves, per_site=1):
    """The deepest depth whose count stays within `leaves`, estimated for a game of
    placements: each ply fills one of the empty sites, `per_site` moves a site (Pentago's
    eight turns after each placement)."""
    empty = len(state.legal_actions()) // per_site
    depth, total = 0, 1
    while depth < empty and total * (empty - depth) * per_site <= leaves:
        total *= (empty - depth) * per_site
        depth += 1
    return max(depth, 1)


def print_perft_case(heading, settings, moves, state, depth):
    """One case of a tests/perft/*.perft file: `heading` (a comment and the `game` line,
    then each `set` line of `settings`), the moves, and the counts to `depth`."""
    print(heading)
    for setting in settings:
        print(f"set {setting}")
    print("moves " + " ".join(moves) if moves else "moves")
    for d, n in enumerate(perft_counts(state, depth), 1):
        print(f"{d} {n}")
    print()


def add_random_arguments(parser, depth, min_plies, max_plies):
    """The options of a run of random games: `--games`, `--depth`, `--seed`, `--min-plies`,
    `--max-plies` (the defaults given for the last three that differ by game) and
    `--rulebook`, the binary to compare with."""
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--depth", type=int, default=depth)
    parser.add_argument("--seed", type=int, default=45)
    parser.add_argument("--min-plies", type=int, default=min_plies)
    parser.add_argument("--max-plies", type=int, default=max_plies)
    parser.add_argument("--rulebook", default="target/release/rulebook")


def random_walk(state, rng, a):
    """Plays uniform random actions on `state` (a number of them drawn between
    `a.min_plies` and `a.max_plies`, fewer if the game ends) and returns how many."""
    plies = 0
    for _ in range(rng.randint(a.min_plies, a.max_plies)):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
        plies += 1
    return plies


def rulebook(binary, args):
    """The standard output of rulebook's binary run with `args` (an error if it fails)."""
    done = subprocess.run([binary, *args], capture_output=True, text=True, check=True)
    return done.stdout


def rulebook_moves(binary, game, text):
    """rulebook's legal moves in the position `text` of `game`, in its move notation."""
    listed = rulebook(binary, ["position", game, "--position", text, "--json"])
    return json.loads(listed)["moves"]


def rulebook_perft(binary, game, depth, text):
    """rulebook's perft counts from the position `text` of `game`, depths 1..`depth`."""
    out = rulebook(binary, ["perft", game, str(depth), "--position", text])
    return [int(line.split()[1]) for line in out.splitlines() if line[:1].isdigit()]


def compare(label, spiel, mine, spiel_moves, ours):
    """Prints how a position compares (`label` names it): both programs' perft counts and,
    where the sorted lists of legal moves differ, the moves only one has. Whether they
    agree."""
    same = spiel == mine and spiel_moves == ours
    print(f"{'ok ' if same else 'DIFF'} {label}")
    print(f"     openspiel {spiel}  rulebook {mine}")
    if spiel_moves != ours:
        print(f"     only openspiel: {sorted(set(spiel_moves) - set(ours))}")
        print(f"     only rulebook:  {sorted(set(ours) - set(spiel_moves))}")
    return same


def print_replay_games(games, rng, new_state, texts, label=""):
    """Prints `games` random games drawn with `rng` from `new_state()` as the record that
    tests/common/move_texts.rs's `OpenSpielGames` replays: `game N` (and `label`), then a
    line per ply, MOVE ; LEGAL MOVES AFTER IT (sorted) ; OUTCOME. `texts` names them:
    `texts.move(state, action)`, `texts.legal(state)` and `texts.outcome(state)`."""
    print("# game N from the start, then per ply: MOVE ; LEGAL MOVES AFTER IT (sorted) ; OUTCOME")
    for n in range(1, games + 1):
        print(f"game {n}{label}")
        state = new_state()
        while not state.is_terminal():
            action = rng.choice(state.legal_actions())
            text = texts.move(state, action)
            state.apply_action(action)
            print(f"{text} ; {' '.join(texts.legal(state))} ; {texts.outcome(state)}")


def summary(games, bad):
    """Prints how many of `games` positions agree; the exit status (1 if any differs)."""
    print(f"{games - bad} of {games} positions agree")
    return 1 if bad else 0
