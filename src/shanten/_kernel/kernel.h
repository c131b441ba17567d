/*
 * The kernel's shared declarations: the tables' types (Part, Rules), the tables and
 * objects every unit reads, and the functions one unit offers the others.
 *
 * The kernel makes no table: shanten.tables builds them with numpy (the test suite
 * proves them) and shanten._kernel.engine hands them over once, as read-only buffers,
 * through install() (install.c), which checks every entry against the sizes of the
 * tables it indexes, so a lookup can never leave its buffer whatever the buffers hold.
 *
 * A hand splits into four parts (manzu, pinzu, souzu, honours; in 3-player mahjong the
 * manzu part is 1m and 9m). Part p's class is ids[code] for the base-5 code of its
 * counts; the class of the other three parts (the "rest") is second[first[ka * nb + kb]
 * * nc + kc]; and dist[(rest * nclass + k) * 5 + sets] is the distance of the whole hand
 * to `sets` sets and a pair. Seven pairs and thirteen orphans read two small tables
 * indexed by the hand's pair, kind and orphan counts.
 *
 * The units:
 *   module.c       the module: its units' functions and the Verb type, put together
 *   read.c         reading a hand from Python objects (34 counts, mpsz notation, a Hand)
 *   lookup.h/.c    a hand's summary, its parts' classes, its distances, effective tiles
 *   results.c      the result objects (Ukeire, Discard) and the discard table
 *   held.c         the buffers handed over, held alive and every entry checked
 *   install.c      the tables handed over, each installed once it passes its checks
 *   bindings.c     the core functions for checked input (distance, ukeire, ...)
 *   verb.c         the Verb type: the public verbs' common case answered in C
 *   batch.c        many hands at once, without the GIL
 *   capped.c       the melded-copies rule: parts capped below 4 copies of a tile
 *   odds.h         the discard odds: odds_store.c, odds_expand.c, odds_graph.c,
 *                  odds_solve.c, odds_worth.c, odds_score.c, odds_run.c and
 *                  odds_binding.c
 *   score.h        the scorer: score.c, score_yaku.c and score_binding.c
 */
#ifndef SHANTEN_KERNEL_H
#define SHANTEN_KERNEL_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

/* What the units share stays inside the extension (only PyInit__c is exported), and
 * being hidden, a function can be inlined into its callers in its own unit (an exported
 * one could be replaced at load time). Between these two, in each header. */
#if defined(__GNUC__) || defined(__clang__)
#define KERNEL_HIDDEN_BEGIN _Pragma("GCC visibility push(hidden)")
#define KERNEL_HIDDEN_END _Pragma("GCC visibility pop")
#else
#define KERNEL_HIDDEN_BEGIN
#define KERNEL_HIDDEN_END
#endif

KERNEL_HIDDEN_BEGIN

#define NUM_TILES 34
#define NO_CLASS 255

enum { FORM_ALL = 0, FORM_STANDARD = 1, FORM_CHIITOITSU = 2, FORM_KOKUSHI = 3 };

typedef struct {
    int ntiles;
    int tiles[9];
    int32_t weights[9];
    int nclass;
    int others[3];
    int nb, nc;
    const uint8_t *ids;
    const uint8_t *first;
    const uint8_t *second;
    const uint8_t *dist;
    const uint32_t *words; /* per code: the class << 24 and the fields of WORD_* */
    /* For the melded-copies rule (install_shapes(), capped.c): each class's distance
     * vector (10 per class, column 2 * sets + pairs), and the part's complete shapes,
     * SHAPE_BYTES each (the counts of its tiles, then the target column), sorted by
     * target; shape_start[c] is the first shape of target column c or later. */
    const uint8_t *vectors;
    const uint8_t *shapes;
    int nshapes;
    int shape_start[11];
} Part;

#define SHAPE_BYTES 16
#define SHAPE_TARGET 9 /* the byte of a shape that holds its target column */

/* A part's word: what the batch reads per part, the class and (summed over the parts,
 * below bit 24) the hand's tiles, pairs, kinds, orphans held and orphan pairs held. */
#define WORD_TILES(w) ((int)((w)&63))
#define WORD_PAIRS(w) ((int)((w) >> 6 & 31))
#define WORD_KINDS(w) ((int)((w) >> 11 & 63))
#define WORD_ORPHANS(w) ((int)((w) >> 17 & 15))
#define WORD_ORPHAN_PAIR(w) ((int)((w) >> 21 & 7))

typedef struct {
    int installed;
    int players;
    Part part[4];
    int8_t part_of[NUM_TILES]; /* -1: not in the game (2m-8m in 3-player mahjong) */
    int32_t weight_of[NUM_TILES];
} Rules;

/* The tables (install.c). */
extern Rules RULES[2];               /* [0]: 3 players, [1]: 4 players */
extern const uint8_t *SEVEN;         /* [pairs * 16 + kinds] */
extern const uint8_t *KOKUSHI;       /* [orphans held * 2 + holds an orphan pair] */
extern const int IS_ORPHAN[NUM_TILES]; /* lookup.c */

/* The int objects 0..4 (read.c). */
extern PyObject *SMALL[5];

/* What the verbs read and build their results from, set by configure() (results.c). */
extern PyTypeObject *HAND_TYPE, *UKEIRE_TYPE, *DISCARD_TYPE;
extern PyObject *NAMES; /* tuple of the 34 tile names */

/* read.c */
int read_init(void);
int read_hand(PyObject *hand, uint8_t counts[NUM_TILES]);
int read_bytes(PyObject *object, uint8_t out[NUM_TILES], const char *what);

/* held.c: a buffer's `length` bytes, held alive for good; an object held alive for good;
 * whether every entry of a table is below `bound` (or is `or_value`); n ints read from a
 * sequence, each in low..high; a part's words, held and checked against its class ids. */
const uint8_t *hold(PyObject *object, Py_ssize_t length, const char *what);
int hold_object(PyObject *object);
int all_below(const uint8_t *table, Py_ssize_t length, int bound, int or_value,
              const char *what);
int read_ints(PyObject *sequence, int *out, int n, int low, int high, const char *what);
const uint32_t *hold_words(PyObject *object, const uint8_t *ids, Py_ssize_t ncodes, int ntiles);

/* install.c */
const Rules *rules_of(int players);
int shapes_ready(const Rules *rules);

/* results.c */
PyObject *make_ukeire(int shanten, uint64_t mask, const uint8_t unseen[NUM_TILES]);
struct Caps;
PyObject *discard_table(const Rules *rules, uint8_t *counts, uint64_t f, int form, int closed,
                        const uint8_t unseen[NUM_TILES], struct Caps *caps);

/* bindings.c */
PyObject *not_held(void);
int checked_hand(PyObject *object, int players, int form, int remainder, const Rules **rules,
                 uint8_t counts[NUM_TILES], uint64_t *f);

/* verb.c */
int verb_add(PyObject *module);

/* Each unit's module functions, added by module.c. */
extern PyMethodDef INSTALL_METHODS[], RESULTS_METHODS[], BINDING_METHODS[], VERB_METHODS[],
    BATCH_METHODS[], ODDS_METHODS[], SCORE_METHODS[];

KERNEL_HIDDEN_END

#endif /* SHANTEN_KERNEL_H */
