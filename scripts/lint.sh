#!/usr/bin/env bash
# Style checks npm test runs: the C++ against .clang-format, the JS with eslint and prettier.
# Fix with: clang-format -i $(git ls-files 'cpp/*.[ch]pp' 'tests/*.[ch]pp') && npx prettier --write .
set -euo pipefail
cd "$(dirname "$0")/.."

echo "-- clang-format"
git ls-files -z 'cpp/*.cpp' 'cpp/*.hpp' 'tests/*.cpp' 'tests/*.hpp' | xargs -0 clang-format --dry-run --Werror

echo "-- eslint"
npx eslint .

echo "-- prettier --check"
npx prettier --check --log-level warn .
