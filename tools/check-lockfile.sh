#!/usr/bin/env bash
# Checks that `npm ci` accepts package-lock.json on this registry (it refuses a lock that misses
# optional platform packages the registry does not serve). Run after changing dependencies.
set -euo pipefail
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
git ls-files | grep 'package.json$' | xargs -I{} cp --parents {} "$tmp/"
cp package.json package-lock.json "$tmp/"
(cd "$tmp" && npm ci --dry-run --ignore-scripts --no-audit --no-fund >/dev/null 2>"$tmp/err") || { grep -v 'nodedir' "$tmp/err" | head -20; exit 1; }
echo "npm ci accepts the lockfile"
