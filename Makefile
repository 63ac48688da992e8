# Tide — build, test, run and benchmark. `make test` is what CI runs.
SWIFT      ?= swift
# Every SwiftPM command runs with a fixed hash seed. SwiftPM (6.3) hands the enabled traits to the
# compiler as -D flags in a Set's order, which changes from one process to the next; each command
# that plans the build anew (`swift test` does, every time) may write another order into every
# module's command line, and the next build then recompiles the whole package (a `make test`
# after another took 520 s instead of 155 under load). With the seed fixed, the order is too.
SWIFTPM    := SWIFT_DETERMINISTIC_HASHING=1 $(SWIFT)
# Release builds link the Swift runtime and Foundation statically: start-up drops from ~12 ms
# and 20 MiB to ~8 ms and 14 MiB (scripts/measure-startup.py; figures in the README).
# They link with lld, placing the functions the demo runs at start-up and while idle together
# (scripts/tide-demo.order, written by scripts/make-order-file.sh) and, where glibc can load
# them (2.36+), packing the relative relocations (DT_RELR): the idle app's resident memory drops
# from 17.1 to 12.6 MiB (scripts/measure-app.sh; see the README).
# Nothing is exported: SwiftPM's static-stdlib link exports every symbol of our own objects
# (-export-dynamic), 135 KB of dynamic symbols whose 20,000 symbolic relocations ld.so applied
# at every start, dirtying the pages they touch; nothing looks them up (-0.5 MiB resident).
# Measured and not used (README, issue 18 item 7, seventh pass): -Osize (+0.26 MiB, +21 %
# instructions a frame), --icf=all (-0.36 MiB, but folds C functions whose addresses may be
# compared), reflection metadata off (ArgumentParser needs it); LTO does not build with SwiftPM here.
# Each of our functions is compiled into a section of its own, so the order places functions, not
# whole files: the running stopwatch's code on 90 pages instead of 151, its peak 9,840 kB instead
# of 10,148 (medians of nine; docs/Measurements.md, memory). The compiler keeps an object whose code
# did not change even when only this flag did (another release build without it, or an old tree):
# that costs layout, never correctness; delete .build/*/release/*.build/*.o once to redo them all.
RELEASE_LINK := -Xswiftc -Xfrontend -Xswiftc -function-sections -Xswiftc -use-ld=lld -Xlinker --no-export-dynamic \
  -Xlinker --symbol-ordering-file=$(CURDIR)/scripts/tide-demo.order -Xlinker --no-warn-symbol-ordering
GLIBC_HAS_RELR := $(shell v=$$(getconf GNU_LIBC_VERSION 2>/dev/null | cut -d' ' -f2); \
  [ -n "$$v" ] && printf '%s\n' 2.36 "$$v" | sort -C -V && echo yes)
ifeq ($(GLIBC_HAS_RELR),yes)
RELEASE_LINK += -Xlinker -z -Xlinker pack-relative-relocs
endif
# The C and C++ libraries the app needs besides libc and libm, linked statically too: libstdc++
# (the static Swift runtime's) and ncursesw with tinfo. As shared libraries the loader maps and
# relocates each whole, and runs their initializers: 1.4 MiB of the running app's resident
# memory; linked statically, only the parts called come in (+0.4 MB of file, -1.3 MiB resident;
# docs/Measurements.md, memory). The toolchain and CNcurses ask for them as `-lstdc++` and
# `-lncursesw`, so a folder holding only their archives goes first on the library search path
# (`make static-libraries`). An archive not installed (another platform, no development
# files) leaves its library shared. libm stays shared: glibc's archive needs libc's internals.
STATIC_ARCHIVES := $(filter /%,$(wildcard $(foreach library,libstdc++ libncursesw libtinfo,\
  $(shell clang -print-file-name=$(library).a 2>/dev/null))))
STATIC_LIBRARIES_DIR := $(CURDIR)/.build/static-libraries
ifneq ($(STATIC_ARCHIVES),)
RELEASE_LINK += -Xswiftc -L$(STATIC_LIBRARIES_DIR)
endif
# ncursesw's archive does not name tinfo, as its shared library does.
ifneq ($(filter %/libtinfo.a,$(STATIC_ARCHIVES)),)
RELEASE_LINK += -Xlinker -ltinfo
endif
RELEASE    ?= -c release --static-swift-stdlib $(RELEASE_LINK)
APT_PACKAGES := libncurses-dev tmux pkg-config
# The package's traits for the case-key-path products and TideCombine (off for a package that
# depends on Tide, so that it resolves no swift-syntax and no OpenCombine): on for every debug
# build here, so that they share one build and those products and their tests are built and run.
TRAITS     := --traits CasePaths,Combine

.PHONY: all deps build test test-tsan release run bench goldens screenshots docs docs-preview clean static-libraries

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
	$(SWIFTPM) build $(TRAITS)

## test: every test target (unit, TestStore, terminal, replay goldens, tmux end-to-end). The
## known issues that tests of failure reports record on purpose are counted on one line
## (scripts/fold-known-issues.awk); `swift test --skip-build` shows them in full.
##
## Then the outside package (Examples/tide-quiz): a package of its own that depends on this
## checkout by path, so it builds only against the public API. Its own build folder, since it
## shares no build products with this package's.
OUTSIDE_PACKAGE := --package-path Examples/tide-quiz --scratch-path .build/outside
TUTORIAL_RESOURCES := Sources/TideTerminal/TideTerminal.docc/Resources
test: deps
	$(SWIFTPM) build $(TRAITS) --build-tests
	@# Resolved afresh: pins an older Tide needed would stay in the file and hide what it needs now.
	@rm -f Examples/tide-quiz/Package.resolved
	@# The outside package builds while the suite runs: the suite waits on terminals, child
	@# processes and clocks for part of its time, which the build takes (docs/Measurements.md,
	@# the test suite). Its output comes after the suite's.
	@$(SWIFTPM) build --build-tests $(OUTSIDE_PACKAGE) > .build/outside-build.log 2>&1 & outside=$$!; \
	  { $(SWIFTPM) test $(TRAITS) --skip-build 2>&1; echo $$? > .build/test-status; } | awk -f scripts/fold-known-issues.awk; \
	  wait $$outside; outside_status=$$?; \
	  echo "$(SWIFTPM) build --build-tests $(OUTSIDE_PACKAGE)"; cat .build/outside-build.log; \
	  [ $$(cat .build/test-status) -eq 0 ] && [ $$outside_status -eq 0 ]
	@# The interactive app links no full Foundation (with CoreFoundation and ICU, 2-3 MiB of its
	@# resident memory): no object of tide-demo's link may reference it (read on the debug link).
	@scripts/foundation-references.sh --debug tide-demo > .build/foundation-references.txt \
	  || { cat .build/foundation-references.txt >&2; echo "test: tide-demo's link references full Foundation (above); see docs/Measurements.md, memory" >&2; exit 1; }
	@tail -1 .build/foundation-references.txt
	$(SWIFTPM) test --skip-build $(OUTSIDE_PACKAGE)
	@# A package that depends on Tide pays for no case paths, no Combine and no docc plugin: its
	@# resolution holds none of their packages.
	@if grep -E '"identity" : "(swift-(syntax|case-paths|docc-plugin|docc-symbolkit)|opencombine)"' Examples/tide-quiz/Package.resolved; then \
	  echo "test: Examples/tide-quiz resolved the packages above, which depending on Tide must not bring" >&2; exit 1; \
	else echo "test: Examples/tide-quiz, an outside package, resolved no swift-syntax, no swift-case-paths, no OpenCombine and no docc plugin"; fi
	@# The DocC tutorial shows the outside package's files (symbolic links, so compiled above),
	@# and its Package.swift less the targets that compile the tutorial's earlier steps.
	@sed '/BEGIN tutorial steps/,/END tutorial steps/d' Examples/tide-quiz/Package.swift \
	  | diff -u - $(TUTORIAL_RESOURCES)/quiz-Package.swift \
	  || { echo "test: $(TUTORIAL_RESOURCES)/quiz-Package.swift is not Examples/tide-quiz/Package.swift less its tutorial steps" >&2; exit 1; }

## test-tsan: the test suite under ThreadSanitizer (its own build folder); any report fails it.
## The only suppressions (tsan-suppressions.txt) are the known false reports of Mutex on Linux.
test-tsan: deps
	$(SWIFTPM) build $(TRAITS) --build-tests --sanitize=thread --scratch-path .build/tsan
	TSAN_OPTIONS="suppressions=$(CURDIR)/tsan-suppressions.txt exitcode=66" \
	  $(SWIFTPM) test $(TRAITS) --skip-build --sanitize=thread --scratch-path .build/tsan

## static-libraries: the folder that makes release links take those libraries statically (RELEASE_LINK).
static-libraries:
	@mkdir -p $(STATIC_LIBRARIES_DIR) && $(if $(STATIC_ARCHIVES),ln -sf $(STATIC_ARCHIVES) $(STATIC_LIBRARIES_DIR)/,true)

## release: build the demo in release mode (what scripts/measure-app.sh measures).
release: deps static-libraries
	$(SWIFTPM) build $(RELEASE) --product tide-demo

## run: build the demo in release mode and start it.
run: deps static-libraries
	$(SWIFTPM) build $(RELEASE) --product tide-demo
	$$($(SWIFTPM) build $(RELEASE) --show-bin-path)/tide-demo $(ARGS)

## bench: release-mode benchmarks, each against its baseline in the same run.
bench: deps static-libraries
	$(SWIFTPM) build $(RELEASE) --product tide-bench
	$$($(SWIFTPM) build $(RELEASE) --show-bin-path)/tide-bench $(ARGS)

## goldens: rewrite assets/replays/*.screen from the current build.
goldens: deps
	$(SWIFTPM) build $(TRAITS) --product tide-demo
	@bin=$$($(SWIFTPM) build $(TRAITS) --show-bin-path)/tide-demo; \
	for script in assets/replays/*.keys; do \
	  golden=$${script%.keys}.screen; \
	  "$$bin" replay "$$script" > "$$golden" || { echo "goldens: $$script failed" >&2; exit 1; }; \
	  echo "wrote $$golden"; \
	done

## screenshots: rewrite assets/screenshots/*.svg (the README's images) by replaying the sibling
## key scripts at 80x24; the tests fail while a committed image is out of date.
screenshots: deps
	$(SWIFTPM) build $(TRAITS) --product tide-demo
	@bin=$$($(SWIFTPM) build $(TRAITS) --show-bin-path)/tide-demo; \
	for script in assets/screenshots/*.keys; do \
	  image=$${script%.keys}.svg; \
	  "$$bin" replay "$$script" --svg "$$image" > /dev/null || { echo "screenshots: $$script failed" >&2; exit 1; }; \
	  echo "wrote $$image"; \
	done; \
	for theme in default dark light mono; do \
	  image=assets/themes/todos-$$theme.svg; \
	  "$$bin" replay assets/screenshots/todos.keys --theme $$theme --svg "$$image" > /dev/null \
	    || { echo "screenshots: the $$theme theme failed" >&2; exit 1; }; \
	  echo "wrote $$image"; \
	done

## docs: DocC sites for every public library in .build/docs/NAME. Fails on any DocC warning (a
## broken symbol link, a missing article), on a public type placed in no topic, and on a public
## declaration without a doc comment (scripts/check-docs.py, over DocC's coverage report).
DOC_TARGETS := Tide TideTesting TideTerminal TideTerminalTesting TideTerminalCommand TideTrace TideCasePaths TideTestingCasePaths TideCombine
docs: deps
	@mkdir -p .build/docs
	@status=0; for target in $(DOC_TARGETS); do \
	  echo "docs: $$target -> .build/docs/$$target"; \
	  $(SWIFTPM) package $(TRAITS) --allow-writing-to-directory .build/docs/$$target generate-documentation \
	    --target $$target --output-path .build/docs/$$target \
	    --transform-for-static-hosting --hosting-base-path $$target --warnings-as-errors \
	    --experimental-documentation-coverage --coverage-summary-level none || exit 1; \
	  graphs=$$(ls -d .build/*/extracted-symbols/*/$$target | head -n 1); \
	  python3 scripts/check-docs.py $$target .build/docs/$$target/documentation-coverage.json "$$graphs" \
	    .build/docs/$$target/data/documentation || status=1; \
	done; exit $$status

## docs-preview: `make docs`, then serve .build/docs at http://127.0.0.1:$(DOCS_PORT)/ until
## ctrl-c. The sites use absolute paths (--hosting-base-path), so they open through a server,
## not from the file system: /Tide/documentation/tide/, /TideTerminal/documentation/tideterminal/…
DOCS_PORT ?= 8000
docs-preview: docs
	@printf '<!doctype html><title>Tide docs</title><ul>%s</ul>\n' \
	  "$$(for t in $(DOC_TARGETS); do l=$$(echo $$t | tr A-Z a-z); printf '<li><a href="/%s/documentation/%s/">%s</a>' $$t $$l $$t; done)" \
	  > .build/docs/index.html
	@echo "docs-preview: http://127.0.0.1:$(DOCS_PORT)/ (ctrl-c stops it)"
	@cd .build/docs && python3 -m http.server $(DOCS_PORT) --bind 127.0.0.1

clean:
	rm -rf .build
