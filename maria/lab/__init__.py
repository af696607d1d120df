"""The lab: tools that measure and train, standing outside the rules engine and the players (nothing
shipped imports them; the CLI's selfplay and bench commands reach them lazily): the fuzzers of both
games (selfplay, friedrich_selfplay), the engine benchmarks (bench, playout_bench), series reading
(series) and the training of the learned tables (train_eval, train_setup)."""
