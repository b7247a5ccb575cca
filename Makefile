# zoggo build and test targets. Tests that read the shared corpus find it through
# ZOGGO_CORPUS; it is set here when ../shared/corpus exists next to the checkout.
CORPUS ?= $(wildcard ../shared/corpus)
ifneq ($(CORPUS),)
export ZOGGO_CORPUS ?= $(abspath $(CORPUS))
endif

GO ?= go
FUZZTIME ?= 60s

.PHONY: all build install test test-long bench lint fuzz update-golden vsix

all: build

build:
	$(GO) build -o bin/zoggo ./cmd/zoggo

install:
	$(GO) install ./cmd/zoggo

test: lint
	$(GO) test ./...

# Longer checks: deep perft rows, fuzzing for a bounded time, the VS Code extension.
test-long: test fuzz vsix
	$(GO) test -tags long -timeout 60m ./...

# The VS Code extension (editors/vscode), with npm alone: its tests (the grammar, and
# bin/zoggo lsp spoken to by the extension's JSON-RPC library), then
# editors/vscode/zoggo-zrf.vsix.
vsix: build
	cd editors/vscode && npm ci --no-audit --no-fund && ZOGGO=$(abspath bin/zoggo) npm test && npm run package

fuzz:
	$(GO) test ./zrf -run '^$$' -fuzz '^FuzzRead$$' -fuzztime $(FUZZTIME)
	$(GO) test ./zrf -run '^$$' -fuzz '^FuzzExpand$$' -fuzztime $(FUZZTIME)
	$(GO) test ./notation -run '^$$' -fuzz '^FuzzParseSavedGame$$' -fuzztime $(FUZZTIME)
	$(GO) test ./notation -run '^$$' -fuzz '^FuzzReplay$$' -fuzztime $(FUZZTIME)
	$(GO) test ./eval -run '^$$' -fuzz '^FuzzLoadAndMove$$' -fuzztime $(FUZZTIME)
	$(GO) test ./render -run '^$$' -fuzz '^FuzzDecodeBMP$$' -fuzztime $(FUZZTIME)
	$(GO) test ./axiom/forth -run '^$$' -fuzz '^FuzzInterpret$$' -fuzztime $(FUZZTIME)
	$(GO) test ./lsp -run '^$$' -fuzz '^FuzzFormat$$' -fuzztime $(FUZZTIME)

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./...

lint:
	@out=$$(gofmt -l .); if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi
	$(GO) vet ./...

# Rewrite golden files after a deliberate change; review the diff before committing.
update-golden:
	$(GO) test ./eval ./notation ./ai ./render ./compile ./cmd/zoggo -update
