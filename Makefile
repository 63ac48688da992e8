# Tide — build, test, run and benchmark. `make test` is what CI runs.
SWIFT      ?= swift
CONFIG_RUN ?= release
APT_PACKAGES := libncurses-dev tmux pkg-config

.PHONY: all deps build test test-tsan run bench goldens clean

all: build

## deps: install the system packages the build and the tests need (Debian/Ubuntu).
deps:
	@missing=""; \
	for pkg in $(APT_PACKAGES); do \
	  dpkg -s $$pkg >/dev/null 2>&1 || missing="$$missing $$pkg"; \
	done; \
	if [ -z "$$missing" ]; then echo "deps: all present ($(APT_PACKAGES))"; exit 0; fi; \
	if ! command -v apt-get >/dev/null 2>&1; then \
	  echo "deps: missing:$$missing — install them with your package manager (apt-get not found)." >&2; exit 1; \
	fi; \
	sudo=""; [ "$$(id -u)" -eq 0 ] || sudo="sudo"; \
	echo "deps: installing$$missing"; \
	$$sudo apt-get update -qq && $$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing
	@command -v $(SWIFT) >/dev/null 2>&1 || { echo "deps: the Swift toolchain (swift) is not on PATH; install Swift 6 from swift.org." >&2; exit 1; }

## build: debug build of every target.
build: deps
	$(SWIFT) build

## test: every test target (unit, TestStore, terminal, replay goldens, tmux end-to-end).
test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

## test-tsan: the test suite under ThreadSanitizer (its own build folder); any report fails it.
## The only suppressions (tsan-suppressions.txt) are the known false reports of Mutex on Linux.
test-tsan: deps
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path .build/tsan
	TSAN_OPTIONS="suppressions=$(CURDIR)/tsan-suppressions.txt exitcode=66" \
	  $(SWIFT) test --skip-build --sanitize=thread --scratch-path .build/tsan

## run: build the demo in release mode and start it.
run: deps
	$(SWIFT) build -c $(CONFIG_RUN) --product tide-demo
	$$($(SWIFT) build -c $(CONFIG_RUN) --show-bin-path)/tide-demo $(ARGS)

## bench: release-mode benchmarks, each against its baseline in the same run.
bench: deps
	$(SWIFT) build -c release --product tide-bench
	$$($(SWIFT) build -c release --show-bin-path)/tide-bench $(ARGS)

## goldens: rewrite assets/replays/*.screen from the current build.
goldens: deps
	$(SWIFT) build --product tide-demo
	@bin=$$($(SWIFT) build --show-bin-path)/tide-demo; \
	for script in assets/replays/*.keys; do \
	  golden=$${script%.keys}.screen; \
	  "$$bin" replay "$$script" > "$$golden" || { echo "goldens: $$script failed" >&2; exit 1; }; \
	  echo "wrote $$golden"; \
	done

clean:
	rm -rf .build
