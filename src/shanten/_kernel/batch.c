/*
 * Many hands at once: batch_shanten() and batch_ukeire() read an (N, 34) uint8 array of
 * counts and write each row's answer into an output buffer, with the GIL released, so
 * that shanten.batch can run row ranges on several threads. A row the tables do not
 * hold stops the run and is reported; the Python side checks the rows it hands over.
 */
#include "lookup.h"

typedef struct {
    Py_buffer counts, out;
} Views;

static void
release(Views *views)
{
    if (views->counts.obj)
        PyBuffer_Release(&views->counts);
    if (views->out.obj)
        PyBuffer_Release(&views->out);
}

/* The (N, 34) uint8 counts and the output buffer of `width` bytes a row, rows
 * [start, stop) of N. */
static int
batch_views(PyObject *counts, PyObject *out, Py_ssize_t width, Py_ssize_t start,
            Py_ssize_t stop, Views *views)
{
    memset(views, 0, sizeof *views);
    if (PyObject_GetBuffer(counts, &views->counts, PyBUF_C_CONTIGUOUS) < 0)
        return 0;
    if (PyObject_GetBuffer(out, &views->out, PyBUF_C_CONTIGUOUS | PyBUF_WRITABLE) < 0) {
        release(views);
        return 0;
    }
    Py_ssize_t rows = views->counts.len / NUM_TILES;
    if (views->counts.len % NUM_TILES || views->out.len != rows * width || start < 0 ||
        stop < start || stop > rows) {
        PyErr_SetString(PyExc_ValueError, "batch: buffers or row range do not match");
        release(views);
        return 0;
    }
    return 1;
}

#if defined(__GNUC__) || defined(__clang__)
#define PREFETCH(address) __builtin_prefetch(address)
#else
#define PREFETCH(address) ((void)0)
#endif

/* Rows ahead whose class ids are fetched while this row is computed: the three suits'
 * ids (2 MB) miss the L2 cache, and a row's own work is too short to hide it. */
#define AHEAD 8

/* The shanten number of rows [start, stop) into out; the first row the tables do not
 * hold (not a valid hand, or too small for `form`), or -1. A row's parts' words give
 * their classes and the closed forms' counts in one load each, in place of summary()
 * and the class ids; the distance is then the shared one (classes_distance). */
static Py_ssize_t
shanten_rows(const Rules *rules, const uint8_t *hands, int8_t *out, int form, Py_ssize_t start,
             Py_ssize_t stop)
{
    /* the tables as locals: a store through `out` (a char type) could alias the Rules
     * struct, which would make the compiler read its fields again for every row */
    const int players = rules->players;
    const Part last = rules->part[3];
    const uint32_t *words[4];
    int nclass[4];
    for (int p = 0; p < 4; p++)
        words[p] = rules->part[p].words, nclass[p] = rules->part[p].nclass;
    const uint64_t middle_manzu = players == 3 ? MIDDLE_MANZU_BYTES : 0;
    int32_t ahead[AHEAD][4] = {{0}}; /* the codes of the next rows */
    for (Py_ssize_t row = start; row < stop; row++) {
        /* the codes of row + AHEAD - 1 (into the slot of the row before), and a fetch of
         * the suits' words they read; at the start, of the first AHEAD rows */
        for (Py_ssize_t next = row == start ? row : row + AHEAD - 1;
             next < stop && next < row + AHEAD; next++) {
            int32_t *code = ahead[next % AHEAD];
            codes_of(players, hands + next * NUM_TILES, code);
            for (int p = players == 4 ? 0 : 1; p < 3; p++)
                if ((uint32_t)code[p] < 1953125) /* else counts above 4: nothing to fetch */
                    PREFETCH(words[p] + code[p]);
        }
        const uint8_t *c = hands + row * NUM_TILES;
        const int32_t *code = ahead[row % AHEAD];
        /* counts above 4 (their codes are not the shapes'), and 2m-8m in 3-player */
        uint64_t w[4] = {load8(c), load8(c + 8), load8(c + 16), load8(c + 24)};
        if (over_four(w, c) | (w[0] & middle_manzu))
            return row;
        uint32_t w0 = words[0][code[0]], w1 = words[1][code[1]], w2 = words[2][code[2]];
        uint32_t w3 = words[3][code[3]];
        int k[4] = {(int)(w0 >> 24), (int)(w1 >> 24), (int)(w2 >> 24), (int)(w3 >> 24)};
        uint32_t f = (w0 & 0xFFFFFF) + (w1 & 0xFFFFFF) + (w2 & 0xFFFFFF) + (w3 & 0xFFFFFF);
        int size = WORD_TILES(f);
        if (k[0] >= nclass[0] || k[1] >= nclass[1] || k[2] >= nclass[2] || k[3] >= nclass[3] ||
            !fits_size(size))
            return row;
        int d = classes_distance(&last, k, form, size, 1, WORD_PAIRS(f), WORD_KINDS(f),
                                 WORD_ORPHANS(f), WORD_ORPHAN_PAIR(f));
        if (d < 0)
            return row;
        out[row] = (int8_t)(d - 1);
    }
    return -1;
}

PyDoc_STRVAR(batch_shanten_doc,
"batch_shanten(counts, out, players, form, start, stop)\n--\n\n"
"Write the shanten number of rows [start, stop) of the (N, 34) uint8 counts into the\n"
"int8 buffer out, without the GIL; form as for distance(). Returns -1, or the first\n"
"row that is not a valid hand (for seven pairs or thirteen orphans alone: not 13 or 14\n"
"tiles), where it stopped.");

static PyObject *
k_batch_shanten(PyObject *Py_UNUSED(module), PyObject *args)
{
    PyObject *counts, *out;
    int players, form;
    Py_ssize_t start, stop;
    if (!PyArg_ParseTuple(args, "OOiinn:batch_shanten", &counts, &out, &players, &form,
                          &start, &stop))
        return NULL;
    const Rules *rules = rules_of(players);
    if (rules == NULL)
        return NULL;
    if (form < 0 || form > 3) {
        PyErr_SetString(PyExc_ValueError, "form is 0 to 3");
        return NULL;
    }
    for (int p = 0; p < 4; p++)
        if (rules->part[p].words == NULL) {
            PyErr_SetString(PyExc_RuntimeError, "the words are not installed (install_words)");
            return NULL;
        }
    Views views;
    if (!batch_views(counts, out, 1, start, stop, &views))
        return NULL;
    const uint8_t *hands = views.counts.buf;
    int8_t *result = views.out.buf;
    Py_ssize_t bad = -1;
    Py_BEGIN_ALLOW_THREADS
    bad = shanten_rows(rules, hands, result, form, start, stop);
    Py_END_ALLOW_THREADS
    release(&views);
    return PyLong_FromSsize_t(bad);
}

PyDoc_STRVAR(batch_ukeire_doc,
"batch_ukeire(counts, out, players, start, stop)\n--\n\n"
"Write the effective tiles (all forms) of rows [start, stop) of the (N, 34) uint8\n"
"counts of 3n+1 hands into the (N, 34) bool buffer out, without the GIL. Returns -1,\n"
"or the first row that is not a valid 3n+1 hand, where it stopped.");

static PyObject *
k_batch_ukeire(PyObject *Py_UNUSED(module), PyObject *args)
{
    PyObject *counts, *out;
    int players;
    Py_ssize_t start, stop;
    if (!PyArg_ParseTuple(args, "OOinn:batch_ukeire", &counts, &out, &players, &start,
                          &stop))
        return NULL;
    const Rules *rules = rules_of(players);
    if (rules == NULL)
        return NULL;
    Views views;
    if (!batch_views(counts, out, NUM_TILES, start, stop, &views))
        return NULL;
    const uint8_t *hands = views.counts.buf;
    uint8_t *result = views.out.buf;
    Py_ssize_t bad = -1;
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t row = start; row < stop; row++) {
        const uint8_t *c = hands + row * NUM_TILES;
        uint64_t f = summary(c), mask = 0;
        if (!fits(rules, f) || TILES_OF(f) % 3 != 1 ||
            !effective(rules, c, f, FORM_ALL, 1, &mask)) {
            bad = row;
            break;
        }
        uint8_t *r = result + row * NUM_TILES;
        for (int t = 0; t < NUM_TILES; t++)
            r[t] = (uint8_t)(mask >> t & 1);
    }
    Py_END_ALLOW_THREADS
    release(&views);
    return PyLong_FromSsize_t(bad);
}

PyMethodDef BATCH_METHODS[] = {
    {"batch_shanten", k_batch_shanten, METH_VARARGS, batch_shanten_doc},
    {"batch_ukeire", k_batch_ukeire, METH_VARARGS, batch_ukeire_doc},
    {NULL, NULL, 0, NULL},
};
