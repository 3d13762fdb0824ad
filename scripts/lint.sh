#!/usr/bin/env bash
# Style checks npm test runs: the C++ against .clang-format.
# Fix with: clang-format -i $(git ls-files 'cpp/*.[ch]pp' 'tests/*.[ch]pp')
set -euo pipefail
cd "$(dirname "$0")/.."

echo "-- clang-format"
git ls-files -z 'cpp/*.cpp' 'cpp/*.hpp' 'tests/*.cpp' 'tests/*.hpp' | xargs -0 clang-format --dry-run --Werror
