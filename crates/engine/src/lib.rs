//! The Cavalo engine (search). Work in progress.
