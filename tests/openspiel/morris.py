"""Perft counts of OpenSpiel's Nine Men's Morris (`nine_mens_morris`) in whole turns, for
tests/perft/nine-mens-morris.perft.

OpenSpiel plays the removal after a mill as an action of its own, the same player moving
again; rulebook writes a turn that removes as one move (`g1/xb2`). The script follows the
removal, so that a turn is one move in both. Moves after --moves are in rulebook's
notation (`d1`, `a1-d1`, `g1/xb2`) and translated through the points' names; OpenSpiel
numbers the points row by row from the top (a7 = 0, ..., g1 = 23).

    $PY tests/openspiel/morris.py 5
    $PY tests/openspiel/morris.py 4 --moves "a1 a7 d1 d7 g1/xa7"
"""

import argparse
import re

import pyspiel

POINTS = "a7 d7 g7 b6 d6 f6 c5 d5 e5 a4 b4 c4 e4 f4 g4 c3 d3 e3 b2 d2 f2 a1 d1 g1".split()


def action_text(state, action):
    """An OpenSpiel action in rulebook's notation: `d1` or `a1-d1` (a removal: `d1`)."""
    numbers = [int(n) for n in re.findall(r"\d+", state.action_to_string(action))]
    return "-".join(POINTS[n] for n in numbers)


def turns(state):
    """The whole turns of a position: (text, state after), a removal after a mill included."""
    out = []
    mover = state.current_player()
    for action in state.legal_actions():
        child = state.clone()
        child.apply_action(action)
        text = action_text(state, action)
        if not child.is_terminal() and child.current_player() == mover:
            for removal in child.legal_actions():
                after = child.clone()
                after.apply_action(removal)
                out.append((f"{text}/x{action_text(child, removal)}", after))
        else:
            out.append((text, child))
    return out


def perft(state, depth, counts, level=0):
    if state.is_terminal():
        return
    children = turns(state)
    counts[level] += len(children)
    if level + 1 < depth:
        for _, child in children:
            perft(child, depth, counts, level + 1)


def play(state, text):
    for wanted, child in turns(state):
        if wanted == text:
            return child
    legal = " ".join(t for t, _ in turns(state))
    raise SystemExit(f"{text} is not legal here; legal: {legal}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("depth", type=int)
    parser.add_argument("--moves", default="")
    args = parser.parse_args()
    state = pyspiel.load_game("nine_mens_morris").new_initial_state()
    for text in args.moves.split():
        state = play(state, text)
    counts = [0] * args.depth
    perft(state, args.depth, counts)
    print("game tests/fixtures/valid/nine-mens-morris-openspiel.game")
    print(f"moves {args.moves}".rstrip())
    for depth, count in enumerate(counts, 1):
        print(depth, count)


if __name__ == "__main__":
    main()
