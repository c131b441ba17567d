/*
 * score(), the scorer's module function: a checked win read from its arguments, the
 * value of each of its readings (score.c, score_yaku.c), and the best, compared as
 * the reference compares them (shanten._native.scoring).
 */
#include "score.h"

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
