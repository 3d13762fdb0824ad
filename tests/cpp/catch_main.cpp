// Catch2's main lives alone so the test files rebuild fast.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
