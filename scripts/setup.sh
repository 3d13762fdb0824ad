#!/usr/bin/env bash
# Makes a fresh Debian 12 machine ready: the Debian packages the build and the browser tests
# need, then the npm packages. Does nothing that is already done, so every npm command can
# start with it. `bash scripts/setup.sh js`: only what the JavaScript stages need (the engine is
# prebuilt/'s then, CONTRIBUTING.md): Chromium, the CJK fonts and the npm packages.
set -euo pipefail
cd "$(dirname "$0")/.."

# node and npm are here before this script (npm runs it), and no apt package below brings a
# new enough one: Debian 12's own nodejs is 18. Say so up front instead of failing mid-test.
if ! node -e 'process.exit(Number(process.versions.node.split(".")[0]) >= 20 ? 0 : 1)'; then
  echo "setup: node $(node --version) is too old; this project needs node >= 20 (package.json \"engines\")" >&2
  exit 1
fi

APT_PACKAGES=(
  cmake g++ make          # native engine + tests
  clang-format            # the C++ style check (scripts/lint.sh)
  clang libclang-rt-14-dev  # npm run fuzz: clang++ with libFuzzer, ASan, UBSan (scripts/fuzz.sh)
  emscripten              # em++ 3.1.6 (Debian's build, on the system clang)
  libxtensor-dev libxsimd-dev catch2
  nlohmann-json3-dev      # attn-train writes its JSON exports with it (cpp/train/export.cpp)
  chromium                # browser tests (driven by playwright-core)
  fonts-noto-cjk          # so pages and screenshots show Chinese text
  fortunes-zh             # Chinese text the lab model trains on (npm run train; the shipped model's test)
)

if [ "${1:-}" = js ]; then
  APT_PACKAGES=(chromium fonts-noto-cjk)
fi

missing=()
for p in "${APT_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "setup: installing Debian packages: ${missing[*]}"
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# npm packages, reinstalled only when package-lock.json changed since the last install.
stamp=node_modules/.lock-stamp
if [ ! -f "$stamp" ] || ! cmp -s package-lock.json "$stamp"; then
  echo "setup: installing npm packages"
  npm ci --no-audit --no-fund --loglevel=error
  cp package-lock.json "$stamp"
fi
