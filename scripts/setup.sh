#!/usr/bin/env bash
# Installs what building and testing need, only when it is missing. Sourced by the other scripts.
if ! command -v cargo >/dev/null 2>&1; then
    echo "cargo is required: install a Rust toolchain (rustup or your distribution)" >&2
    exit 1
fi
