/*
 * The result objects: Ukeire and Discard, the library's slotted classes, made here by
 * filling their slots (configure() hands over the types and checks the slots), and the
 * discard table of a hand, one Discard per tile held, in Tenhou's order.
 */
#include "capped.h"

#include <structmember.h>

#ifndef Py_T_OBJECT_EX
#define Py_T_OBJECT_EX T_OBJECT_EX
#endif

/* A discard table's rows: one per kind of tile held, at most 14. */
#define MAX_ROWS 16

PyTypeObject *HAND_TYPE, *UKEIRE_TYPE, *DISCARD_TYPE;
PyObject *NAMES;
static Py_ssize_t UKEIRE_AT[4], DISCARD_AT[4]; /* the byte offsets of their slots */


/* A new instance of a slotted result type with its fields (stolen references). */
static PyObject *
new_result(PyTypeObject *type, const Py_ssize_t *at, int n, PyObject **fields)
{
    PyObject *result = NULL;
    for (int i = 0; i < n; i++)
        if (fields[i] == NULL)
            goto fail;
    result = type->tp_alloc(type, 0);
    if (result == NULL)
        goto fail;
    for (int i = 0; i < n; i++)
        *(PyObject **)((char *)result + at[i]) = fields[i];
    return result;
fail:
    for (int i = 0; i < n; i++)
        Py_XDECREF(fields[i]);
    return NULL;
}

/* An Ukeire of the tiles of `mask`, with their unseen copies. */
PyObject *
make_ukeire(int shanten, uint64_t mask, const uint8_t unseen[NUM_TILES])
{
    int n = 0, total = 0;
    for (uint64_t m = mask; m; m &= m - 1)
        n++;
    PyObject *names = PyTuple_New(n);
    PyObject *counts = PyTuple_New(n);
    if (names == NULL || counts == NULL) {
        Py_XDECREF(names);
        Py_XDECREF(counts);
        return NULL;
    }
    int i = 0;
    for (int t = 0; t < NUM_TILES; t++) {
        if (!(mask >> t & 1))
            continue;
        PyObject *name = PyTuple_GET_ITEM(NAMES, t);
        Py_INCREF(name);
        PyTuple_SET_ITEM(names, i, name);
        Py_INCREF(SMALL[unseen[t]]);
        PyTuple_SET_ITEM(counts, i, SMALL[unseen[t]]);
        total += unseen[t];
        i++;
    }
    PyObject *fields[4] = {PyLong_FromLong(shanten), names, counts, PyLong_FromLong(total)};
    return new_result(UKEIRE_TYPE, UKEIRE_AT, 4, fields);
}

typedef struct {
    int tile, distance, total;
    uint64_t mask;
} Row;

static int
unseen_total(uint64_t mask, const uint8_t unseen[NUM_TILES])
{
    int total = 0;
    for (int t = 0; t < NUM_TILES; t++)
        if (mask >> t & 1)
            total += unseen[t];
    return total;
}

/* Tenhou's order: lowest distance, then most unseen effective tiles, then tile order. */
static int
before(const Row *a, const Row *b)
{
    if (a->distance != b->distance)
        return a->distance < b->distance;
    if (a->total != b->total)
        return a->total > b->total;
    return a->tile < b->tile;
}

/* Row `row` into rows[0..n) in Tenhou's order. */
static void
insert_row(Row *rows, int n, Row row)
{
    int j = n;
    while (j > 0 && before(&row, &rows[j - 1])) {
        rows[j] = rows[j - 1];
        j--;
    }
    rows[j] = row;
}

/* The rows of the discard table of a checked 3n+2 hand into rows, in Tenhou's order:
 * how many, or -1 if the tables do not hold it. A discard changes one part: the other
 * parts keep their classes and their draws' classes, so only the discarded part's are
 * looked up again per row. */
static int
table_rows(const Rules *rules, uint8_t *counts, uint64_t f, int form, int closed,
           const uint8_t unseen[NUM_TILES], Row rows[MAX_ROWS])
{
    State whole;
    uint8_t drawn[NUM_TILES];
    int size = TILES_OF(f);
    if (!prepare(rules, counts, f, &whole))
        return -1;
    for (int p = 0; p < 4; p++)
        draw_classes(rules, counts, &whole, p, drawn);
    int with_closed = closed && form == FORM_ALL && size == 14;
    int n = 0;
    for (int t = 0; t < NUM_TILES && n < MAX_ROWS; t++) {
        int h = counts[t];
        if (!h)
            continue;
        int q = rules->part_of[t];
        State s = whole;
        s.code[q] -= rules->weight_of[t];
        s.k[q] = rules->part[q].ids[s.code[q]];
        if (s.k[q] >= rules->part[q].nclass)
            return -1;
        for (int p = 0; p < 4; p++)
            if (p != q)
                s.rest[p] = rest_of(rules, &s, p);
        int orphan = IS_ORPHAN[t];
        closed_move(&s, h, orphan, -1);
        counts[t]--;
        uint8_t after[NUM_TILES];
        memcpy(after, drawn, NUM_TILES);
        draw_classes(rules, counts, &s, q, after);
        uint64_t mask = 0;
        int d = effective_tiles(rules, counts, &s, after, with_closed, &mask);
        counts[t]++;
        if (!d)
            return -1;
        Row row = {t, d, unseen_total(mask, unseen), mask};
        insert_row(rows, n++, row);
    }
    return n;
}

/* table_rows() under the caps: each discard's effective tiles by caps_effective(). */
static int
caps_table_rows(Caps *c, uint8_t *counts, int form, int closed,
                const uint8_t unseen[NUM_TILES], Row rows[MAX_ROWS])
{
    int n = 0;
    for (int t = 0; t < NUM_TILES && n < MAX_ROWS; t++) {
        if (!counts[t])
            continue;
        counts[t]--;
        uint64_t mask = 0;
        int d = caps_effective(c, counts, summary(counts), form, closed, &mask);
        counts[t]++;
        if (!d)
            return -1;
        Row row = {t, d, unseen_total(mask, unseen), mask};
        insert_row(rows, n++, row);
    }
    return n;
}

/* The discard table of a checked 3n+2 hand (under `caps` if not NULL, within them);
 * NULL with no exception set if the tables do not hold it. */
PyObject *
discard_table(const Rules *rules, uint8_t *counts, uint64_t f, int form, int closed,
              const uint8_t unseen[NUM_TILES], Caps *caps)
{
    Row rows[MAX_ROWS];
    int n = caps ? caps_table_rows(caps, counts, form, closed, unseen, rows)
                 : table_rows(rules, counts, f, form, closed, unseen, rows);
    if (n < 0)
        return NULL;
    PyObject *table = PyTuple_New(n);
    if (table == NULL)
        return NULL;
    PyObject *ukeire[MAX_ROWS];
    for (int i = 0; i < n; i++) {
        /* rows with the same effective tiles share one (immutable) Ukeire */
        int same = 0;
        while (same < i && (rows[same].mask != rows[i].mask ||
                            rows[same].distance != rows[i].distance))
            same++;
        if (same < i) {
            ukeire[i] = ukeire[same];
            Py_INCREF(ukeire[i]);
        }
        else
            ukeire[i] = make_ukeire(rows[i].distance - 1, rows[i].mask, unseen);
        PyObject *name = PyTuple_GET_ITEM(NAMES, rows[i].tile);
        Py_INCREF(name);
        Py_INCREF(Py_None);
        Py_XINCREF(ukeire[i]); /* the row's reference; ukeire[] keeps its own */
        PyObject *fields[4] = {name, PyLong_FromLong(rows[i].distance - 1), ukeire[i],
                               Py_None};
        PyObject *row = new_result(DISCARD_TYPE, DISCARD_AT, 4, fields);
        if (row == NULL) {
            for (int j = 0; j <= i; j++)
                Py_XDECREF(ukeire[j]);
            Py_DECREF(table);
            return NULL;
        }
        PyTuple_SET_ITEM(table, i, row);
    }
    for (int i = 0; i < n; i++)
        Py_DECREF(ukeire[i]);
    return table;
}

/* The byte offset of slot `name` of a slotted class. */
static int
slot_offset(PyTypeObject *type, const char *name, Py_ssize_t *offset)
{
    PyObject *descr = PyObject_GetAttrString((PyObject *)type, name);
    if (descr == NULL)
        return 0;
    int ok = Py_IS_TYPE(descr, &PyMemberDescr_Type);
    if (ok) {
        PyMemberDef *member = ((PyMemberDescrObject *)descr)->d_member;
        ok = member->type == Py_T_OBJECT_EX && !(member->flags & READONLY) &&
             member->offset >= (Py_ssize_t)sizeof(PyObject) &&
             member->offset + (Py_ssize_t)sizeof(PyObject *) <= type->tp_basicsize;
        *offset = member->offset;
    }
    Py_DECREF(descr);
    if (!ok)
        PyErr_Format(PyExc_TypeError, "%s.%s is not a slot", type->tp_name, name);
    return ok;
}

PyDoc_STRVAR(configure_doc,
"configure(hand_type, ukeire_type, discard_type, names)\n--\n\n"
"The types the verbs read and build: Hand, and the slotted Ukeire (shanten, tiles,\n"
"counts, total) and Discard (discard, shanten, ukeire, good_shape); names are the 34\n"
"tile names.");

static PyObject *
configure(PyObject *Py_UNUSED(module), PyObject *args)
{
    PyTypeObject *hand, *ukeire, *discard;
    PyObject *names;
    if (!PyArg_ParseTuple(args, "O!O!O!O!:configure", &PyType_Type, &hand, &PyType_Type,
                          &ukeire, &PyType_Type, &discard, &PyTuple_Type, &names))
        return NULL;
    if (PyTuple_GET_SIZE(names) != NUM_TILES) {
        PyErr_SetString(PyExc_ValueError, "names: expected 34");
        return NULL;
    }
    static const char *ukeire_fields[4] = {"shanten", "tiles", "counts", "total"};
    static const char *discard_fields[4] = {"discard", "shanten", "ukeire", "good_shape"};
    Py_ssize_t u[4], d[4];
    for (int i = 0; i < 4; i++)
        if (!slot_offset(ukeire, ukeire_fields[i], &u[i]) ||
            !slot_offset(discard, discard_fields[i], &d[i]))
            return NULL;
    if (ukeire->tp_itemsize || discard->tp_itemsize) {
        PyErr_SetString(PyExc_TypeError, "result types must have a fixed size");
        return NULL;
    }
    Py_INCREF(hand);
    Py_INCREF(ukeire);
    Py_INCREF(discard);
    Py_INCREF(names);
    Py_XSETREF(HAND_TYPE, hand);
    Py_XSETREF(UKEIRE_TYPE, ukeire);
    Py_XSETREF(DISCARD_TYPE, discard);
    Py_XSETREF(NAMES, names);
    memcpy(UKEIRE_AT, u, sizeof u);
    memcpy(DISCARD_AT, d, sizeof d);
    Py_RETURN_NONE;
}

PyMethodDef RESULTS_METHODS[] = {
    {"configure", configure, METH_VARARGS, configure_doc},
    {NULL, NULL, 0, NULL},
};
