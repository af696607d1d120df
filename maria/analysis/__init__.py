"""Analysis and test tools that stand outside the rules engine (maria.rules imports none of them):
the fuzzer's random player (selfplay), the state invariants (statecheck), the hand-built test
boards (testboard) and the engine benchmark and sample games (bench)."""
