# zoggo build and test targets. Tests that read the shared corpus find it through
# ZOGGO_CORPUS; it is set here when ../shared/corpus exists next to the checkout.
CORPUS ?= $(wildcard ../shared/corpus)
ifneq ($(CORPUS),)
export ZOGGO_CORPUS ?= $(abspath $(CORPUS))
endif

GO ?= go
FUZZTIME ?= 60s

.PHONY: all build install test test-long test-clicks bench lint fuzz update-golden vsix ladder

all: build

build:
	$(GO) build -o bin/zoggo ./cmd/zoggo

install:
	$(GO) install ./cmd/zoggo

test: lint
	$(GO) test ./...

# Longer checks: deep perft rows, fuzzing for a bounded time, the VS Code extension,
# and the click coverage of every variant (test-clicks).
test-long: test fuzz vsix test-clicks
	$(GO) test -tags long -timeout 60m -skip '^TestClicks$$' ./...

# The click coverage of every variant of games/ and of the corpus, 30 turns each or to
# the end, in CLICK_SHARDS shards run at once (ZOGGO_CLICKS_SHARD=k/n: every n-th
# variant), each within its timeout; each shard's tally ("click coverage: F files, G
# games, T turns, C made by clicks"), and the turns not clicked. Logs in CLICK_LOGS.
CLICK_SHARDS ?= 4
CLICK_LOGS ?= $(or $(TMPDIR),/tmp)/zoggo-clicks
test-clicks:
	@mkdir -p $(CLICK_LOGS); \
	for k in $$(seq 1 $(CLICK_SHARDS)); do \
	  ZOGGO_CLICKS_SHARD=$$k/$(CLICK_SHARDS) $(GO) test -tags long -timeout 120m -v -run '^TestClicks$$' ./server/e2e > $(CLICK_LOGS)/shard-$$k.log 2>&1 & \
	done; wait; fail=0; \
	for k in $$(seq 1 $(CLICK_SHARDS)); do \
	  echo "shard $$k/$(CLICK_SHARDS): $$(grep -h 'click coverage' $(CLICK_LOGS)/shard-$$k.log || echo 'no tally')"; \
	  grep -q '^ok' $(CLICK_LOGS)/shard-$$k.log || { fail=1; grep -h 'ply [0-9]*:\|does not\|panic\|^FAIL\|^---' $(CLICK_LOGS)/shard-$$k.log | head -40; }; \
	done; exit $$fail

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

# The rating ladder (README, "Rating ladder"): zoggo's search against Fairy-Stockfish's
# calibrated strengths in chess and two variants, and against GNU Go's levels on 9x9.
# Hours of play: LADDER_GAMES a step, LADDER_TIME a move, one game at a time. Each game
# is kept in LADDER_OUT/*.jsonl as it ends: after a stop, make ladder goes on from there.
FAIRY ?= /usr/games/fairy-stockfish
GNUGO ?= /usr/games/gnugo
LADDER_GAMES ?= 100
LADDER_TIME ?= 1s
LADDER_OUT ?= ladder-results
LADDER_ELO ?= 1350,1500,1700,1900
# The bot rated in chess and its variants: the search with the square terms and crowded
# piece values (eval=full), which beat the material-only search in A/B games (README).
LADDER_BOT ?= search:{time}:eval=full
# The bot rated in Go: MCTS on the group board (2-0-18 against GNU Go level 1 where the
# search scored 0-0-20, README); GNU Go is told the rules of games/go.zrf.
LADDER_GO_BOT ?= mcts:{time}
ladder: build
	mkdir -p $(LADDER_OUT)
	bin/zoggo ladder games/chess.zrf --bot '$(LADDER_BOT)' --time $(LADDER_TIME) --games $(LADDER_GAMES) --rated --steps $(LADDER_ELO) \
	    --opponent 'uci:$(FAIRY):UCI_LimitStrength=true:UCI_Elo={step}:movetime={ms}' --journal $(LADDER_OUT)/chess.jsonl -o $(LADDER_OUT)/chess.txt
	bin/zoggo ladder games/gardner.zrf --bot '$(LADDER_BOT)' --time $(LADDER_TIME) --games $(LADDER_GAMES) --rated --steps $(LADDER_ELO) \
	    --opponent 'uci:$(FAIRY):UCI_Variant=gardner:UCI_LimitStrength=true:UCI_Elo={step}:movetime={ms}' --journal $(LADDER_OUT)/gardner.jsonl -o $(LADDER_OUT)/gardner.txt
	bin/zoggo ladder games/losalamos.zrf --bot '$(LADDER_BOT)' --time $(LADDER_TIME) --games $(LADDER_GAMES) --rated --steps $(LADDER_ELO) \
	    --opponent 'uci:$(FAIRY):UCI_Variant=losalamos:UCI_LimitStrength=true:UCI_Elo={step}:movetime={ms}' --journal $(LADDER_OUT)/losalamos.jsonl -o $(LADDER_OUT)/losalamos.txt
	bin/zoggo ladder games/go.zrf --bot '$(LADDER_GO_BOT)' --time $(LADDER_TIME) --games $(LADDER_GAMES) --steps 0,1,3,5,8,10 \
	    --opponent 'gtp:$(GNUGO) --mode gtp --chinese-rules --capture-all-dead --komi 7.5 --level {step}' --journal $(LADDER_OUT)/go.jsonl -o $(LADDER_OUT)/go.txt

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./...

lint:
	@out=$$(gofmt -l .); if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi
	$(GO) vet ./...

# Rewrite golden files after a deliberate change; review the diff before committing.
update-golden:
	$(GO) test ./eval ./notation ./ai ./render ./compile ./cmd/zoggo -update
