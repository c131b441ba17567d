/*
 * The scorer's readings and its binding, score(): every reading of a checked win (each
 * decomposition with each distinct block the winning tile can have completed, as
 * shanten._native.scoring.decompose reads them), the value of each (score_yaku.c), and
 * the best, compared as the reference compares them (score.h).
 */
#include "score.h"

static const uint8_t ORPHANS[13] = {0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33};

/* The walk through the readings of a win: the tiles not yet in a set, the sets so far,
 * and where each reading goes. */
typedef struct {
    const SWin *w;
    uint8_t c[NUM_TILES];
    int nsets, pair;
    uint8_t kind[4], tile[4];
    void (*visit)(void *context, const SReading *r);
    void *context;
} Walk;

/* The best reading so far. */
typedef struct {
    const SWin *w;
    int found;
    SReading best;
    SValue value;
    uint8_t key[15]; /* the best standard reading's blocks as wins._sorted_readings sorts */
} Search;

/* First the points, then a yakuman before a counted hand, then han, fu and the fu before
 * rounding: > 0 when a is worth more than b. */
static int
compare(const SValue *a, const SValue *b)
{
    int ka[5] = {a->points, a->yakuman > 0, a->total_han, a->fu, a->raw_fu};
    int kb[5] = {b->points, b->yakuman > 0, b->total_han, b->fu, b->raw_fu};
    for (int i = 0; i < 5; i++)
        if (ka[i] != kb[i])
            return ka[i] > kb[i] ? 1 : -1;
    return 0;
}

/* A standard reading's sort key: each block's tiles, a pair's third one below any tile.
 * A standard reading has at most five blocks (four sets and the pair; the seven slots
 * are seven pairs'). */
static void
key_of(const SReading *r, uint8_t key[15])
{
    for (int i = 0; i < r->nblocks && i < 5; i++) {
        int t = r->tile[i] + 1, run = r->kind[i] == B_RUN;
        key[3 * i] = (uint8_t)t;
        key[3 * i + 1] = (uint8_t)(t + run);
        key[3 * i + 2] = (uint8_t)(r->kind[i] == B_PAIR ? 0 : t + 2 * run);
    }
}

/* Keep reading r if it is worth more than the best so far, or as much and comes before
 * it in the reference's order (the readings of other forms come after the standard ones
 * and are offered last, the blocks of one decomposition in order). */
static void
offer(void *search, const SReading *r)
{
    Search *s = search;
    SValue v;
    if (!value_of(s->w, r, &v))
        return;
    int order = s->found ? compare(&v, &s->value) : 1;
    uint8_t key[15];
    if (r->form == F_STANDARD)
        key_of(r, key);
    if (order == 0 && r->form == F_STANDARD && s->best.form == F_STANDARD &&
        memcmp(key, s->key, (size_t)(3 * r->nblocks)) < 0)
        order = 1;
    if (order <= 0)
        return;
    s->found = 1;
    s->best = *r;
    s->value = v;
    if (r->form == F_STANDARD)
        memcpy(s->key, key, sizeof key);
}

static int
shape_of(int kind, int first, int win)
{
    if (kind == B_PAIR)
        return W_TANKI;
    if (kind == B_TRIPLET)
        return W_SHANPON;
    if (win == first + 1)
        return W_KANCHAN;
    if ((win == first + 2 && first % 9 == 0) || (win == first && first % 9 == 6))
        return W_PENCHAN;
    return W_RYANMEN;
}

/* One decomposition: a reading per distinct block holding the winning tile. */
static void
decomposition(Walk *s)
{
    SReading r;
    int win = s->w->win;
    r.form = F_STANDARD;
    r.nblocks = s->nsets + 1;
    memcpy(r.kind, s->kind, (size_t)s->nsets);
    memcpy(r.tile, s->tile, (size_t)s->nsets);
    r.kind[s->nsets] = B_PAIR;
    r.tile[s->nsets] = (uint8_t)s->pair;
    for (int i = 0; i < r.nblocks; i++) {
        int t = r.tile[i], holds = r.kind[i] == B_RUN ? t <= win && win <= t + 2 : t == win;
        for (int j = 0; holds && j < i; j++)
            holds = !(r.kind[j] == r.kind[i] && r.tile[j] == t);
        if (!holds)
            continue;
        r.index = i;
        r.shape = shape_of(r.kind[i], t, win);
        s->visit(s->context, &r);
    }
}

/* Every multiset of sets using up c[start:] (wins._sets). */
static void
sets(Walk *s, int start)
{
    int t = start;
    while (t < NUM_TILES && !s->c[t])
        t++;
    if (t == NUM_TILES) {
        decomposition(s);
        return;
    }
    int count = s->c[t], can_run = t < 27 && t % 9 <= 6, n = s->nsets;
    for (int triplets = count >= 3; triplets >= 0; triplets--) {
        int runs = count - 3 * triplets;
        if (runs && !(can_run && s->c[t + 1] >= runs && s->c[t + 2] >= runs))
            continue;
        if (n + triplets + runs > 4)
            continue;
        if (triplets) {
            s->kind[s->nsets] = B_TRIPLET;
            s->tile[s->nsets++] = (uint8_t)t;
        }
        for (int i = 0; i < runs; i++) {
            s->kind[s->nsets] = B_RUN;
            s->tile[s->nsets++] = (uint8_t)t;
        }
        s->c[t] = 0;
        if (runs) {
            s->c[t + 1] = (uint8_t)(s->c[t + 1] - runs);
            s->c[t + 2] = (uint8_t)(s->c[t + 2] - runs);
        }
        sets(s, t + 1);
        s->c[t] = (uint8_t)count;
        if (runs) {
            s->c[t + 1] = (uint8_t)(s->c[t + 1] + runs);
            s->c[t + 2] = (uint8_t)(s->c[t + 2] + runs);
        }
        s->nsets = n;
    }
}

/* Every reading of w, each handed to visit(context, reading) in the reference's order:
 * the standard readings, decomposition by decomposition (pairs in tile order), then
 * seven pairs, then thirteen orphans. */
void
score_readings(const SWin *w, void (*visit)(void *context, const SReading *r), void *context)
{
    Walk walk, *s = &walk;
    s->w = w;
    s->visit = visit;
    s->context = context;
    memcpy(s->c, w->counts, NUM_TILES);
    for (int p = 0; p < NUM_TILES; p++)
        if (s->c[p] >= 2) {
            s->c[p] = (uint8_t)(s->c[p] - 2);
            s->pair = p;
            s->nsets = 0;
            sets(s, 0);
            s->c[p] = (uint8_t)(s->c[p] + 2);
        }
    if (w->nmelds)
        return;
    SReading r;
    int pairs = 0, others = 0, orphans = 0, thirteen = 1;
    for (int t = 0; t < NUM_TILES; t++) {
        pairs += w->counts[t] == 2;
        others += w->counts[t] != 0 && w->counts[t] != 2;
    }
    if (pairs == 7 && !others) {
        r.form = F_CHIITOITSU;
        r.nblocks = 0;
        r.shape = W_TANKI;
        for (int t = 0; t < NUM_TILES; t++)
            if (w->counts[t]) {
                if (t == w->win)
                    r.index = r.nblocks;
                r.kind[r.nblocks] = B_PAIR;
                r.tile[r.nblocks++] = (uint8_t)t;
            }
        visit(context, &r);
    }
    for (int i = 0; i < 13; i++) {
        int t = ORPHANS[i];
        orphans += w->counts[t] != 0;
        thirteen &= w->counts[t] - (t == w->win) == 1;
    }
    if (orphans == 13 && w->counts[w->win] && IS_ORPHAN[w->win]) {
        int total = 0;
        for (int i = 0; i < 13; i++)
            total += w->counts[ORPHANS[i]];
        if (total == 14) {
            r.form = F_KOKUSHI;
            r.nblocks = 1;
            r.kind[0] = B_ORPHANS;
            r.tile[0] = 0;
            r.index = 0;
            r.shape = thirteen ? W_KOKUSHI13 : W_KOKUSHI;
            visit(context, &r);
        }
    }
}

/* The most points over the readings of a win, under several flag sets at once. */
typedef struct {
    SWin variant[SCORE_MAX_VARIANTS];
    int n, most;
    int *best;
} Bonus;

static void
raise_best(void *bonus, const SReading *r)
{
    Bonus *b = bonus;
    SValue v;
    for (int i = 0; i < b->n; i++) {
        if (!value_of(&b->variant[i], r, &v))
            continue;
        int *best = b->best + (size_t)i * (b->most + 1);
        for (int extra = 0; extra <= b->most; extra++) {
            int han = v.yakuman ? v.total_han : v.total_han + extra;
            int points = score_points(&b->variant[i], han, v.fu, v.yakuman);
            best[extra] = points > best[extra] ? points : best[extra];
        }
    }
}

/* What w pays with u more han of dora, for u = 0..most, under each of the n flag sets
 * `flags` (WF_*): best[i * (most + 1) + u], the most points over its readings, each
 * reading priced with its own han plus u (a yakuman is not raised by dora); 0 where no
 * reading has a yaku. The readings do not depend on the flags: they are read once. */
void
score_by_bonus(const SWin *w, int n, const int *flags, int most, int *best)
{
    Bonus b;
    b.n = n < SCORE_MAX_VARIANTS ? n : SCORE_MAX_VARIANTS;
    b.most = most;
    b.best = best;
    for (int i = 0; i < b.n; i++) {
        b.variant[i] = *w;
        b.variant[i].flags = flags[i];
    }
    memset(best, 0, (size_t)b.n * (most + 1) * sizeof *best);
    score_readings(w, raise_best, &b);
}

static PyObject *
bad(const char *what)
{
    PyErr_Format(PyExc_ValueError, "score(): %s", what);
    return NULL;
}

/* A tuple of small ints (or bytes) into out[0..n): its length, or -1 with an exception
 * set when it is neither, longer than `most`, or holds a value above `top`. */
static Py_ssize_t
read_small(PyObject *object, uint8_t *out, Py_ssize_t most, int top, const char *what)
{
    Py_ssize_t n;
    if (PyBytes_Check(object)) {
        n = PyBytes_GET_SIZE(object);
        if (n <= most)
            memcpy(out, PyBytes_AS_STRING(object), (size_t)n);
    }
    else if (PyTuple_Check(object)) {
        n = PyTuple_GET_SIZE(object);
        for (Py_ssize_t i = 0; i < n && i < most; i++) {
            long value = PyLong_AsLong(PyTuple_GET_ITEM(object, i));
            if (value == -1 && PyErr_Occurred())
                return -1;
            out[i] = value < 0 || value > 255 ? 255 : (uint8_t)value;
        }
    }
    else
        n = most + 1;
    for (Py_ssize_t i = 0; i < n && i < most; i++)
        if (out[i] > top)
            n = most + 1;
    if (n > most) {
        PyErr_Format(PyExc_ValueError, "score(): %s out of range", what);
        return -1;
    }
    return n;
}

/* The dora tiles `tiles` counted in counts: the han. */
static int
dora_han(PyObject *tiles, const uint8_t counts[NUM_TILES], int *han)
{
    uint8_t t[64];
    Py_ssize_t n = read_small(tiles, t, 64, NUM_TILES - 1, "dora");
    if (n < 0)
        return 0;
    *han = 0;
    for (Py_ssize_t i = 0; i < n; i++)
        *han += counts[t[i]];
    return 1;
}

PyDoc_STRVAR(score_doc,
"score(counts, melds, win, flags, dora, ura, red, seat_wind, round_wind, players, north,\n"
"      rules)\n--\n\n"
"The best reading of a checked win and its value, or None when no reading has a yaku.\n"
"counts: 34 counts (a tuple or bytes), the concealed tiles with the winning tile `win`; melds: 3 bytes a\n"
"meld (kind 0 run, 1 triplet, 2 quad; its lowest tile; concealed); flags: the bits of\n"
"score.h's WF_*; dora, ura: the dora tiles (a tuple or bytes); rules: the bits of RF_*, the double\n"
"wind pair's fu from bit 8. Returns (form, blocks, index, shape, yaku, han, fu, yakuman,\n"
"fu_parts): blocks, yaku and fu_parts as bytes of (kind, tile), (yaku, han), (part, fu).");

static PyObject *
k_score(PyObject *Py_UNUSED(module), PyObject *args, PyObject *kwargs)
{
    static char *names[] = {"counts", "melds", "win", "flags", "dora", "ura", "red",
                            "seat_wind", "round_wind", "players", "north", "rules", NULL};
    PyObject *counts, *melds, *dora, *ura;
    int red, north;
    SWin w;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OSiiOOiiiiii:score", names, &counts,
                                     &melds, &w.win, &w.flags, &dora, &ura, &red, &w.seat,
                                     &w.round, &w.players, &north, &w.rules))
        return NULL;
    uint8_t c[NUM_TILES];
    Py_ssize_t nmelds = PyBytes_GET_SIZE(melds) / 3;
    if (read_small(counts, c, NUM_TILES, 4, "counts") != NUM_TILES)
        return PyErr_Occurred() ? NULL : bad("counts is 34 counts");
    if (PyBytes_GET_SIZE(melds) % 3 || nmelds > 4)
        return bad("melds is 3 bytes a meld, at most 4");
    if (w.win < 0 || w.win >= NUM_TILES || w.seat < 27 || w.seat > 30 || w.round < 27 ||
        w.round > 30 || (w.players != 3 && w.players != 4) || red < 0 || north < 0)
        return bad("a tile, wind or count out of range");
    const uint8_t *m = (const uint8_t *)PyBytes_AS_STRING(melds);
    int tiles = 0;
    for (int t = 0; t < NUM_TILES; t++) {
        tiles += c[t];
        w.counts[t] = w.all[t] = c[t];
    }
    w.nmelds = (int)nmelds;
    w.closed = 1;
    for (int i = 0; i < w.nmelds; i++) {
        int kind = m[3 * i], t = m[3 * i + 1];
        if (kind > B_QUAD || t >= NUM_TILES || (kind == B_RUN && (t >= 27 || t % 9 > 6)))
            return bad("a meld out of range");
        w.meld_kind[i] = (uint8_t)kind;
        w.meld_tile[i] = (uint8_t)t;
        w.meld_concealed[i] = m[3 * i + 2] != 0;
        w.closed &= w.meld_concealed[i];
        for (int k = 0; k < (kind == B_QUAD ? 4 : 3); k++)
            w.all[kind == B_RUN ? t + k : t]++;
    }
    if (tiles + 3 * w.nmelds != 14 || !c[w.win])
        return bad("the hand is not 14 tiles with the winning tile");
    w.dealer = w.seat == 27;
    uint8_t dcounts[NUM_TILES];
    memcpy(dcounts, w.all, NUM_TILES);
    dcounts[30] = (uint8_t)(dcounts[30] + (north > 8 ? 8 : north));
    if (!dora_han(dora, dcounts, &w.bonus[0]) || !dora_han(ura, dcounts, &w.bonus[2]))
        return NULL;
    w.bonus[1] = red;
    w.bonus[3] = north;
    if (red > 99 || north > 8 || w.bonus[0] > 99 || w.bonus[2] > 99)
        return bad("too many dora");

    Search s;
    s.w = &w;
    s.found = 0;
    score_readings(&w, offer, &s);
    if (!s.found)
        Py_RETURN_NONE;
    const SReading *r = &s.best;
    const SValue *v = &s.value;
    char blocks[14], yaku[80], parts[24];
    for (int i = 0; i < r->nblocks; i++) {
        blocks[2 * i] = (char)r->kind[i];
        blocks[2 * i + 1] = (char)r->tile[i];
    }
    for (int i = 0; i < v->nyaku; i++) {
        yaku[2 * i] = (char)v->yaku[i];
        yaku[2 * i + 1] = (char)v->han[i];
    }
    for (int i = 0; i < v->nparts; i++) {
        parts[2 * i] = (char)v->part[i];
        parts[2 * i + 1] = (char)v->part_fu[i];
    }
    return Py_BuildValue("iy#iiy#iiiy#", r->form, blocks, (Py_ssize_t)(2 * r->nblocks),
                         r->index, r->shape, yaku, (Py_ssize_t)(2 * v->nyaku), v->total_han,
                         v->fu, v->yakuman, parts, (Py_ssize_t)(2 * v->nparts));
}

PyMethodDef SCORE_METHODS[] = {
    {"score", (PyCFunction)(void (*)(void))k_score, METH_VARARGS | METH_KEYWORDS, score_doc},
    {NULL, NULL, 0, NULL},
};
