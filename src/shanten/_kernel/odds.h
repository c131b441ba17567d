/*
 * The discard odds in C, the kernel's twin of shanten._native.odds (the plain reference
 * it is tested against, whose model and tie rule it follows step for step):
 *   odds_store.c    the hands the starts of one call meet, each with its draws and
 *                   keeps worked out once
 *   odds_expand.c   the work-out of one hand, which only reads the store
 *   odds_graph.c    the hands a player can reach from each start hand by drawing and
 *                   discarding, read from that store
 *   odds_solve.c    the values backward over one start's graph, then its curves forward
 *   odds_worth.c    what each win of a graph is worth (shanten._native.odds_worth)
 *   odds_score.c    the expected score over one start's graph (shanten._native.odds_score)
 *   odds_run.c      many starts: graphs built in turn, solved by a few threads
 *   odds_binding.c  odds(), the module function, which releases the GIL around odds_run()
 * Only odds_binding.c touches a Python object.
 */
#ifndef SHANTEN_ODDS_H
#define SHANTEN_ODDS_H

#include "capped.h"
#include "score.h"

#include <stdlib.h>

KERNEL_HIDDEN_BEGIN

/* The hands met by the starts of one call, each with its draws worked out once and
 * shared by every start that reaches it: a draw's distance after it, and for a draw the
 * player may keep, the hands its allowed discards leave, whatever the swap budget. */
typedef struct {
    int n, cap;          /* 3n+1 hands */
    uint8_t *hands;      /* cap * NUM_TILES counts */
    int8_t *dist;        /* distance (shanten + 1) of each hand */
    int8_t *beyond;      /* tiles held beyond `cover`, the most any start holds */
    int32_t *entry_at;   /* each hand's first draw entry, -1 until worked out */
    uint8_t *entries;    /* how many */
    int ne, ecap;        /* draw entries: */
    uint8_t *tile;       /* the tile drawn */
    uint8_t *after;      /* the distance with it (0: complete) */
    uint8_t *keeps;      /* how many keeps */
    int32_t *keep_at;    /* the first */
    int nk, kcap;        /* keeps, in tile order: */
    int32_t *kept;       /* the hand left */
    uint8_t *discard;    /* the tile discarded */
    uint8_t *left;       /* the distance after it */
    int32_t *slot;       /* hash table of hands, -1 empty */
    size_t slots;        /* a power of two */
} OddsStore;

/* One start's graph: the hands it reaches (by their index in the store), their draws,
 * each draw's keeps within the start's swap budget. */
typedef struct {
    int n, cap;         /* 3n+1 hands */
    int32_t *id;        /* the hand in the store */
    int8_t *dist;       /* distance (shanten + 1) of each hand */
    int8_t *swaps;      /* tiles held that the start does not */
    uint8_t *depth;     /* the fewest draws that reach the hand (nondecreasing) */
    uint8_t *succeed;   /* 2 per hand: the copies of the draws that succeed, tenpai, win */
    int32_t *draw_at;   /* cap + 1: each hand's first draw the player may keep (CSR) */
    int nd, dcap;       /* draws the player may keep: */
    uint8_t *copies;    /* the draw's copies in the wall as the model counts them */
    uint8_t *after;     /* the distance with the draw (1: it makes the hand ready) */
    int32_t *keep_at;   /* dcap + 1: each draw's first keep (CSR) */
    int nk, kcap;       /* keeps */
    int32_t *keep;      /* the hand kept, by discarded tile */
    uint8_t start[NUM_TILES]; /* hand 0 */
    /* With a worth, the draws that win, which the player never keeps: */
    int nw, wcap;        /* wins, in the order of the hands, each hand's in tile order: */
    int32_t *win_state;  /* the hand drawn from */
    uint8_t *win_tile;   /* the tile drawn */
    uint8_t *win_copies; /* its copies in the wall as the model counts them */
    int32_t *win_before; /* the first draw the player may keep that comes after it in
                          * tile order (an index of `copies`): the order of the sums */
    int nwh, whcap;      /* hands with a win: */
    uint8_t *win_hand;   /* their counts, NUM_TILES each, in the order of the hands */
} OddsGraph;

/* What a win is worth where the odds look ahead (shanten.score_types.Worth): the game
 * around the hand as the scorer reads it (its melds, winds, players and rules, with
 * the melds' tiles in `game.all`), the dora tiles, the north tiles set aside, the red
 * fives of the melds and of the hand by suit, how many ura dora indicators a riichi win
 * turns up, when riichi is declared and whether the last draw is the wall's last. */
enum { ODDS_RIICHI_BEST = 0, ODDS_RIICHI_ALWAYS = 1, ODDS_RIICHI_NEVER = 2 };
#define ODDS_MAX_DORA 8
#define ODDS_MAX_URA 5
typedef struct {
    SWin game;
    int ndora;
    uint8_t dora[ODDS_MAX_DORA];
    int north, red_in_melds, red_in_hand[3], indicators, riichi, haitei;
} OddsWorth;

/* A win's prices (odds_worth.c): closed (dama) tsumo, the same on the wall's last tile,
 * then after riichi ODDS_RIICHI_PRICE + 2 * ippatsu + last, ura dora as an expectation. */
#define ODDS_PRICES 6
#define ODDS_RIICHI_PRICE 2

/* ODDS_STOPPED: the caller's report of the answers asked to stop. */
typedef enum { ODDS_OK = 0, ODDS_NO_MEMORY = 1, ODDS_TOO_MANY = 2, ODDS_STOPPED = 3 } OddsStatus;

/* The distance of a ready hand: a draw to it succeeds for tenpai. */
#define ODDS_READY 1

/* What the starts of one call share: the rules and switches, the wall, the most copies
 * of each tile any start holds, the largest swap budget of any start, and the caps of
 * the melded-copies rule (NULL: none), which only the thread that builds reads. */
typedef struct {
    const Rules *rules;
    const uint8_t *unseen;
    uint8_t cover[NUM_TILES];
    int with_closed, sets, hand_changes, shanten_back, budget;
    Caps *caps;
    const OddsWorth *worth; /* NULL: no expected score, and the graphs keep no wins */
} OddsShared;

/* The most keeps a hand's draws have: a 14-tile hand discards one of at most 13 other
 * kinds than the tile drawn. */
#define ODDS_MAX_KEEPS (NUM_TILES * 13)

/* One hand's draws and keeps as worked out (odds_expand.c), before the store takes them:
 * the hand kept is the store's, or -1 where the store has it not yet. */
typedef struct {
    int32_t hand;
    int ne, nk; /* entries (-1: the work-out failed, which never happens), keeps */
    uint8_t tile[NUM_TILES], after[NUM_TILES], keeps[NUM_TILES];
    uint8_t discard[ODDS_MAX_KEEPS], left[ODDS_MAX_KEEPS];
    int8_t beyond[ODDS_MAX_KEEPS]; /* the hand kept's tiles beyond the cover */
    int32_t kept[ODDS_MAX_KEEPS];
} OddsWork;

/* The most hands worked out at once, when other threads may help; the fewest worth
 * their help, and how far ahead in a graph the builder looks for them. */
#define ODDS_BATCH 256
#define ODDS_HELP_LEAST 128
#define ODDS_SCAN (4 * ODDS_BATCH)
#if ODDS_HELP_LEAST > ODDS_BATCH
#error "a batch must be able to gather ODDS_HELP_LEAST hands"
#endif

/* `local` maps the store's hands to a graph's (-1: not in it), for the store's `cap`;
 * `work` holds the `batch` hands worked out at once (NULL until the first): ODDS_BATCH
 * where other threads can help (a call with workers and no caps), else one. */
typedef struct {
    int32_t *of;
    int cap;
    OddsWork *work;
    int batch;
} OddsLocal;

/* The threads of one call (odds_run.c), which help work out hands while they have no
 * graph to solve. */
typedef struct OddsQueue OddsQueue;

/* Where the answers go as they come: report(context, i) once start i's curves are in,
 * for every start in order while they succeed; it returns 0 to stop the run. */
typedef struct {
    int (*report)(void *context, int i);
    void *context;
    int reported; /* the starts reported so far */
} OddsReport;

/* The largest store kept between starts by default; past it the store starts afresh. */
#define ODDS_STORE_BYTES ((Py_ssize_t)64 << 20)

/* odds_store.c */
void odds_store_free(OddsStore *st);
size_t odds_store_bytes(const OddsStore *st);
int odds_rehash(OddsStore *st, size_t slots);
int32_t odds_hand(OddsStore *st, const uint8_t *hand, int dist, int beyond);
int32_t odds_find(const OddsStore *st, const uint8_t *hand);
int odds_work_out(OddsStore *st, const OddsShared *sh, OddsQueue *helpers, OddsWork *work,
                  const int32_t *hands, int count);
int odds_grow(void *array, size_t cap, size_t size);

/* odds_expand.c */
int odds_expand_hand(const OddsStore *st, const OddsShared *sh, int32_t h, OddsWork *w);

/* odds_graph.c */
void odds_graph_free(OddsGraph *g);
int odds_farthest(const OddsGraph *g);
OddsStatus odds_build(OddsGraph *g, OddsStore *st, const OddsShared *sh, OddsLocal *local,
                      OddsQueue *helpers, const uint8_t start[NUM_TILES], int r0, int budget,
                      int max_states);

/* odds_solve.c */
OddsStatus odds_curves(const OddsGraph *g, int wall, int draws, double *curves);

/* odds_worth.c */
int odds_add_win(OddsGraph *g, int s, const uint8_t *hand, int tile, int copies);
void odds_price(const OddsWorth *worth, const uint8_t start[NUM_TILES],
                const uint8_t hand[NUM_TILES], int tile, const uint8_t unseen[NUM_TILES],
                double prices[ODDS_PRICES]);

/* odds_score.c */
OddsStatus odds_score(const OddsGraph *g, const OddsWorth *worth,
                      const uint8_t unseen[NUM_TILES], int wall, int draws, double *curve);

/* odds_run.c: `curves` holds 2 curves a start, 3 with a worth (the expected score).
 * odds_help() runs task(context, i) for every i < count, on the calling thread and on
 * those of `helpers` (NULL: none) that have no graph to solve, and returns once all
 * are done. */
void odds_help(OddsQueue *helpers, void (*task)(void *, int), void *context, int count);
OddsStatus odds_run(const Rules *rules, int closed, int count, const uint8_t *starts,
                    const uint8_t unseen[NUM_TILES], const uint8_t *caps,
                    const OddsWorth *worth, int draws, int hand_changes, int shanten_back,
                    int best, int max_states, size_t store_bytes, int threads,
                    OddsReport *report, double *curves, int *states, int *done);

KERNEL_HIDDEN_END

#endif /* SHANTEN_ODDS_H */
