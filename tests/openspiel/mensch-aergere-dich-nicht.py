"""OpenSpiel's `maedn` (four players) as rulebook's `mensch-aergere-dich-nicht`: perft
counts and random games, in the formats of tests/perft/*.perft and of the games file.

A developer's tool, not part of the test suite (see README.md beside it):

    perft.py-style counts, from the start and after seeded random walks:
        mensch-aergere-dich-nicht.py perft [--positions 12] [--seed 1]
    random games, every ply `MOVE ; LEGAL MOVES AFTER IT (sorted) ; OUTCOME`:
        mensch-aergere-dich-nicht.py games [--games 20] [--seed 1]
    `--players 2`: OpenSpiel's two players on opposite seats (its default
    twoPlayersOpposite), rulebook's Red and Green of
    tests/fixtures/valid/mensch-aergere-dich-nicht-2.game.

Move mapping (docs/games/mensch-aergere-dich-nicht.md, MA-1 .. MA-9): a chance outcome k is
`roll:K` (K = k + 1, the die's face); action 0 (pass) is `pass`; action 1 (bring in) is the
player's start field, their track's first site; action 2 + r (the piece on the field r of
the player's own count, 0 its start field, 40..43 its home fields) is `FROM-TO`, the sites
number r and r + throw of the player's track. The sites are OpenSpiel's own drawing of the
board (`kFieldToBoardString`): column x / 2 is the file a..k, row y the rank 11 - y.
"""

import argparse
import random
from types import SimpleNamespace

import pyspiel

from common import perft_counts, print_replay_games

COORDS = [
    (0, 4), (2, 4), (4, 4), (6, 4), (8, 4), (8, 3), (8, 2), (8, 1), (8, 0), (10, 0),
    (12, 0), (12, 1), (12, 2), (12, 3), (12, 4), (14, 4), (16, 4), (18, 4), (20, 4), (20, 5),
    (20, 6), (18, 6), (16, 6), (14, 6), (12, 6), (12, 7), (12, 8), (12, 9), (12, 10), (10, 10),
    (8, 10), (8, 9), (8, 8), (8, 7), (8, 6), (6, 6), (4, 6), (2, 6), (0, 6), (0, 5),
    (2, 5), (4, 5), (6, 5), (8, 5), (10, 1), (10, 2), (10, 3), (10, 4), (18, 5), (16, 5),
    (14, 5), (12, 5), (10, 9), (10, 8), (10, 7), (10, 6),
]
NAMES = ["abcdefghijk"[x // 2] + str(11 - y) for x, y in COORDS]
COLOURS = ["red", "blue", "green", "yellow"]
PLAYERS = COLOURS
SEATS = [0, 1, 2, 3]
GAME = "mensch-aergere-dich-nicht"


def track(player):
    """The sites of `player`'s track, from their start field to their last home field."""
    common = [NAMES[(10 * player + i) % 40] for i in range(40)]
    return common + [NAMES[40 + 4 * player + i] for i in range(4)]


TRACKS = [track(p) for p in range(4)]


def game():
    return pyspiel.load_game("maedn", {"players": len(PLAYERS)})


def dice(state):
    """The throw of the turn (from the observation's last six values), 0 at a chance node."""
    tail = state.observation_tensor(0)[-6:]
    return next((i + 1 for i, v in enumerate(tail) if v), 0)


def move_text(state, action):
    """rulebook's text of `action` in `state`."""
    if state.is_chance_node():
        return f"roll:{action + 1}"
    if action == 0:
        return "pass"
    t = TRACKS[SEATS[state.current_player()]]
    if action == 1:
        return t[0]
    r = action - 2
    return f"{t[r]}-{t[r + dice(state)]}"


def legal_texts(state):
    if state.is_terminal():
        return []
    return sorted(move_text(state, a) for a in state.legal_actions())


def outcome(state):
    if not state.is_terminal():
        return "none"
    returns = state.returns()
    return f"{PLAYERS[max(range(len(PLAYERS)), key=lambda p: returns[p])]} wins"


def print_case(heading, moves, state, depth):
    print(heading)
    print(f"game {GAME}")
    print("moves " + " ".join(moves) if moves else "moves")
    for d, n in enumerate(perft_counts(state, depth), 1):
        print(f"{d} {n}")
    print()


def perft(a):
    print("# Mensch aergere dich nicht (MA-1..MA-9, docs/games/mensch-aergere-dich-nicht.md).")
    print(f"# Every count here is OpenSpiel 2.0.2's `maedn` with players={len(PLAYERS)}, printed by")
    print(f"# tests/openspiel/mensch-aergere-dich-nicht.py perft --positions {a.positions} "
          f"--seed {a.seed} --depth {a.depth}" + (" --players 2" if len(PLAYERS) == 2 else ""))
    print(f"# --start-depth {a.start_depth}.")
    print("# A throw of the die is a ply, a chance node whose children are its six values, as")
    print("# OpenSpiel counts chance nodes; a move or a pass is the next ply.")
    print()
    print_case("# From the start", [], game().new_initial_state(), a.start_depth)
    rng = random.Random(a.seed)
    made = 0
    while made < a.positions:
        state = game().new_initial_state()
        moves = []
        for _ in range(rng.randint(40, 600)):
            if state.is_terminal():
                break
            action = rng.choice(state.legal_actions())
            moves.append(move_text(state, action))
            state.apply_action(action)
        if state.is_terminal():
            continue
        made += 1
        print_case(f"# After {len(moves)} random plies", moves, state, a.depth)


def games(a):
    rng = random.Random(a.seed)
    print(f"# OpenSpiel maedn players=4 (pyspiel 2.0.2), tests/openspiel/"
          f"mensch-aergere-dich-nicht.py games --games {a.games} --seed {a.seed}")
    texts = SimpleNamespace(move=move_text, legal=legal_texts, outcome=outcome)
    print_replay_games(a.games, rng, game().new_initial_state, texts)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("what", choices=["perft", "games"])
    parser.add_argument("--positions", type=int, default=12)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--depth", type=int, default=6)
    parser.add_argument("--start-depth", type=int, default=10)
    parser.add_argument("--players", type=int, default=4, choices=[2, 4])
    a = parser.parse_args()
    if a.players == 2:
        global PLAYERS, SEATS, GAME
        PLAYERS, SEATS = ["red", "green"], [0, 2]
        GAME = "tests/fixtures/valid/mensch-aergere-dich-nicht-2.game"
    perft(a) if a.what == "perft" else games(a)


if __name__ == "__main__":
    main()
