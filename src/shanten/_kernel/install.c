/*
 * The tables, handed over by shanten._kernel.engine and installed here: install() takes a
 * game's four parts (class ids, the chain of rest classes, the distances),
 * install_words() the batch's words, install_shapes() the melded-copies rule's complete
 * shapes and class vectors, install_closed() the closed forms' tables. Each buffer is
 * held for good and every entry checked against the size of the table it indexes
 * (held.c), so that no lookup can leave its buffer; nothing is installed from a part
 * that fails. rules_of() gives the other units a game's installed tables.
 */
#include "kernel.h"

Rules RULES[2];
const uint8_t *SEVEN;
const uint8_t *KOKUSHI;

static int
ready(void)
{
    if (RULES[0].installed && RULES[1].installed && SEVEN && KOKUSHI && NAMES)
        return 1;
    PyErr_SetString(PyExc_RuntimeError, "the kernel's tables are not installed");
    return 0;
}

PyDoc_STRVAR(install_doc,
"install(players, parts)\n--\n\n"
"Hand over the tables of 3- or 4-player mahjong: for each of the four parts, a tuple\n"
"(tiles, weights, ids, nclass, others, first, nab, second, nrest, dist). Every entry\n"
"is checked against the size of the table it indexes.");

static PyObject *
install(PyObject *Py_UNUSED(module), PyObject *args)
{
    int players;
    PyObject *parts;
    if (!PyArg_ParseTuple(args, "iO:install", &players, &parts))
        return NULL;
    if (players != 3 && players != 4) {
        PyErr_SetString(PyExc_ValueError, "players must be 3 or 4");
        return NULL;
    }
    Rules rules;
    memset(&rules, 0, sizeof rules);
    for (int t = 0; t < NUM_TILES; t++)
        rules.part_of[t] = -1;
    PyObject *fast = PySequence_Fast(parts, "parts must be a sequence");
    if (fast == NULL)
        return NULL;
    PyObject *tables[4][4]; /* ids, first, second, dist of each part (borrowed) */
    int nab[4], nrest[4];
    if (PySequence_Fast_GET_SIZE(fast) != 4) {
        PyErr_SetString(PyExc_ValueError, "parts: expected 4");
        goto fail;
    }
    /* first pass: each part's tiles, weights, class count and class ids */
    for (int p = 0; p < 4; p++) {
        Part *part = &rules.part[p];
        PyObject *tiles, *weights, *others;
        if (!PyArg_ParseTuple(PySequence_Fast_GET_ITEM(fast, p), "OOOiOOiOiO:part", &tiles,
                              &weights, &tables[p][0], &part->nclass, &others, &tables[p][1],
                              &nab[p], &tables[p][2], &nrest[p], &tables[p][3]))
            goto fail;
        Py_ssize_t ntiles = PySequence_Size(tiles);
        if (ntiles < 1 || ntiles > 9) {
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_ValueError, "a part has 1 to 9 tiles");
            goto fail;
        }
        part->ntiles = (int)ntiles;
        int w[9];
        if (!read_ints(tiles, part->tiles, part->ntiles, 0, NUM_TILES - 1, "tiles") ||
            !read_ints(weights, w, part->ntiles, 1, 390625, "weights") ||
            !read_ints(others, part->others, 3, 0, 3, "others"))
            goto fail;
        /* base-5 codes, one digit per tile: the weights are the powers of 5 below
         * 5 ** ntiles, so 4 of each tile sum to 5 ** ntiles - 1 */
        Py_ssize_t ncodes = 1;
        long top = 0;
        for (int j = 0; j < part->ntiles; j++) {
            ncodes *= 5;
            top += 4L * w[j];
            part->weights[j] = w[j];
        }
        if (top != ncodes - 1 || part->nclass < 1 || part->nclass > 254 || nab[p] < 1 ||
            nab[p] > 256 || nrest[p] < 1 || nrest[p] > 256) {
            PyErr_SetString(PyExc_ValueError, "a part's weights or sizes are inconsistent");
            goto fail;
        }
        for (int j = 0; j < part->ntiles; j++) {
            int t = part->tiles[j];
            if (rules.part_of[t] >= 0) {
                PyErr_SetString(PyExc_ValueError, "a tile is in two parts");
                goto fail;
            }
            rules.part_of[t] = (int8_t)p;
            rules.weight_of[t] = w[j];
        }
        if (!(part->ids = hold(tables[p][0], ncodes, "ids")) ||
            !all_below(part->ids, ncodes, part->nclass, NO_CLASS, "ids"))
            goto fail;
    }
    /* second pass: the chain tables, each checked against the classes it indexes */
    for (int p = 0; p < 4; p++) {
        Part *part = &rules.part[p];
        int a = part->others[0], b = part->others[1], c = part->others[2];
        /* the other three in order: the layout the batch and classes_distance() read */
        if (a != (p == 0) || b != a + 1 + (a + 1 == p) || c != b + 1 + (b + 1 == p)) {
            PyErr_SetString(PyExc_ValueError, "a part's others are not the other parts in order");
            goto fail;
        }
        Py_ssize_t na = rules.part[a].nclass;
        part->nb = rules.part[b].nclass;
        part->nc = rules.part[c].nclass;
        Py_ssize_t nfirst = na * part->nb, nsecond = (Py_ssize_t)nab[p] * part->nc;
        Py_ssize_t ndist = (Py_ssize_t)nrest[p] * part->nclass * 5;
        if (!(part->first = hold(tables[p][1], nfirst, "first")) ||
            !all_below(part->first, nfirst, nab[p], -1, "first") ||
            !(part->second = hold(tables[p][2], nsecond, "second")) ||
            !all_below(part->second, nsecond, nrest[p], -1, "second") ||
            !(part->dist = hold(tables[p][3], ndist, "dist")) ||
            !all_below(part->dist, ndist, 16, -1, "dist"))
            goto fail;
    }
    /* the codes are computed for this layout (codes_of): refuse any other */
    for (int p = 0; p < 4; p++) {
        const Part *part = &rules.part[p];
        int first = p == 3 ? 27 : 9 * p, n = p == 3 ? 7 : 9;
        int ok = part->ntiles == n;
        if (p == 0 && players == 3)
            ok = part->ntiles == 2 && part->tiles[0] == 0 && part->tiles[1] == 8 &&
                 part->weights[0] == 5 && part->weights[1] == 1;
        else
            for (int j = 0, w = 1; ok && j < n; j++, w *= 5)
                ok = part->tiles[n - 1 - j] == first + n - 1 - j && part->weights[n - 1 - j] == w;
        if (!ok) {
            PyErr_SetString(PyExc_ValueError, "a part's tiles are not the kernel's layout");
            goto fail;
        }
    }
    Py_DECREF(fast);
    rules.installed = 1;
    rules.players = players;
    RULES[players - 3] = rules;
    Py_RETURN_NONE;
fail:
    Py_DECREF(fast);
    return NULL;
}

PyDoc_STRVAR(install_words_doc,
"install_words(players, words)\n--\n\n"
"Hand over the four parts' words (uint32 per shape code: class << 24 and the closed\n"
"forms' fields) for the batch, after install(); each is checked against the part's ids.");

static PyObject *
install_words(PyObject *Py_UNUSED(module), PyObject *args)
{
    int players;
    PyObject *words;
    if (!PyArg_ParseTuple(args, "iO:install_words", &players, &words))
        return NULL;
    const Rules *checked = rules_of(players);
    if (checked == NULL)
        return NULL;
    Rules *rules = &RULES[players - 3];
    PyObject *fast = PySequence_Fast(words, "words must be a sequence");
    if (fast == NULL)
        return NULL;
    const uint32_t *held[4];
    int ok = PySequence_Fast_GET_SIZE(fast) == 4;
    if (!ok)
        PyErr_SetString(PyExc_ValueError, "words: expected 4");
    for (int p = 0; ok && p < 4; p++) {
        const Part *part = &rules->part[p];
        Py_ssize_t ncodes = 1;
        for (int j = 0; j < part->ntiles; j++)
            ncodes *= 5;
        held[p] = hold_words(PySequence_Fast_GET_ITEM(fast, p), part->ids, ncodes, part->ntiles);
        ok = held[p] != NULL;
    }
    Py_DECREF(fast);
    if (!ok)
        return NULL;
    for (int p = 0; p < 4; p++)
        rules->part[p].words = held[p];
    Py_RETURN_NONE;
}

PyDoc_STRVAR(install_closed_doc,
"install_closed(seven, kokushi)\n--\n\n"
"Hand over the distances of seven pairs, indexed pairs * 16 + kinds (256 bytes), and\n"
"of thirteen orphans, indexed orphans held * 2 + (an orphan is held twice) (28 bytes).");

static PyObject *
install_closed(PyObject *Py_UNUSED(module), PyObject *args)
{
    PyObject *seven, *kokushi;
    if (!PyArg_ParseTuple(args, "OO:install_closed", &seven, &kokushi))
        return NULL;
    const uint8_t *s = hold(seven, 256, "seven"), *k = NULL;
    if (s == NULL || !all_below(s, 256, 16, -1, "seven"))
        return NULL;
    k = hold(kokushi, 28, "kokushi");
    if (k == NULL || !all_below(k, 28, 16, -1, "kokushi"))
        return NULL;
    SEVEN = s;
    KOKUSHI = k;
    Py_RETURN_NONE;
}

PyDoc_STRVAR(install_shapes_doc,
"install_shapes(players, parts)\n--\n\n"
"Hand over, after install(), what the melded-copies rule reads, for each of the four\n"
"parts a tuple (shapes, targets, vectors): the part's complete shapes (n rows of its\n"
"tiles' counts 0-4, one byte each), their target columns (n bytes 0-9, sorted) and\n"
"each class's distance vector (10 bytes 0-15 per class).");

/* A part's complete shapes, checked and packed SHAPE_BYTES each into a new bytes object
 * held for good; NULL with an exception set if they are not what install_shapes() says. */
static PyObject *
packed_shapes(Part *part, PyObject *shapes_object, PyObject *targets_object)
{
    Py_buffer view;
    if (PyObject_GetBuffer(targets_object, &view, PyBUF_C_CONTIGUOUS) < 0)
        return NULL;
    Py_ssize_t n = view.len;
    PyBuffer_Release(&view);
    if (n < 1 || n > INT32_MAX / SHAPE_BYTES) {
        PyErr_SetString(PyExc_ValueError, "targets: expected 1 or more shapes");
        return NULL;
    }
    const uint8_t *targets = hold(targets_object, n, "targets");
    const uint8_t *shapes = targets ? hold(shapes_object, n * part->ntiles, "shapes") : NULL;
    if (shapes == NULL || !all_below(shapes, n * part->ntiles, 5, -1, "shapes") ||
        !all_below(targets, n, 10, -1, "targets"))
        return NULL;
    for (Py_ssize_t i = 1; i < n; i++)
        if (targets[i] < targets[i - 1]) {
            PyErr_Format(PyExc_ValueError, "targets: entry %zd is below the one before", i);
            return NULL;
        }
    PyObject *packed = PyBytes_FromStringAndSize(NULL, n * SHAPE_BYTES);
    if (packed == NULL)
        return NULL;
    uint8_t *out = (uint8_t *)PyBytes_AS_STRING(packed);
    memset(out, 0, (size_t)n * SHAPE_BYTES);
    for (Py_ssize_t i = 0; i < n; i++) {
        memcpy(out + i * SHAPE_BYTES, shapes + i * part->ntiles, (size_t)part->ntiles);
        out[i * SHAPE_BYTES + SHAPE_TARGET] = targets[i];
    }
    part->nshapes = (int)n;
    for (int c = 0, i = 0; c <= 10; c++) {
        while (i < n && targets[i] < c)
            i++;
        part->shape_start[c] = i;
    }
    return packed;
}

static PyObject *
install_shapes(PyObject *Py_UNUSED(module), PyObject *args)
{
    int players;
    PyObject *parts;
    if (!PyArg_ParseTuple(args, "iO:install_shapes", &players, &parts))
        return NULL;
    if (rules_of(players) == NULL)
        return NULL;
    Part part[4];
    memcpy(part, RULES[players - 3].part, sizeof part);
    PyObject *fast = PySequence_Fast(parts, "parts must be a sequence");
    if (fast == NULL)
        return NULL;
    int ok = PySequence_Fast_GET_SIZE(fast) == 4;
    if (!ok)
        PyErr_SetString(PyExc_ValueError, "parts: expected 4");
    for (int p = 0; ok && p < 4; p++) {
        PyObject *shapes, *targets, *vectors;
        ok = PyArg_ParseTuple(PySequence_Fast_GET_ITEM(fast, p), "OOO:part", &shapes, &targets,
                              &vectors);
        PyObject *packed = ok ? packed_shapes(&part[p], shapes, targets) : NULL;
        Py_ssize_t nvectors = (Py_ssize_t)part[p].nclass * 10;
        ok = packed != NULL && hold_object(packed) == 0 &&
             (part[p].vectors = hold(vectors, nvectors, "vectors")) != NULL &&
             all_below(part[p].vectors, nvectors, 16, -1, "vectors");
        if (ok)
            part[p].shapes = (const uint8_t *)PyBytes_AS_STRING(packed);
        Py_XDECREF(packed);
    }
    Py_DECREF(fast);
    if (!ok)
        return NULL;
    memcpy(RULES[players - 3].part, part, sizeof part);
    Py_RETURN_NONE;
}

/* Whether install_shapes() has handed over the melded-copies rule's tables of `rules`. */
int
shapes_ready(const Rules *rules)
{
    for (int p = 0; p < 4; p++)
        if (rules->part[p].shapes == NULL || rules->part[p].vectors == NULL)
            return 0;
    return 1;
}

/* The installed rules of a game of `players`; NULL with an exception set if there is no
 * such game or its tables are not installed. */
const Rules *
rules_of(int players)
{
    if (players != 3 && players != 4) {
        PyErr_SetString(PyExc_ValueError, "players must be 3 or 4");
        return NULL;
    }
    return ready() ? &RULES[players - 3] : NULL;
}

PyMethodDef INSTALL_METHODS[] = {
    {"install", install, METH_VARARGS, install_doc},
    {"install_closed", install_closed, METH_VARARGS, install_closed_doc},
    {"install_words", install_words, METH_VARARGS, install_words_doc},
    {"install_shapes", install_shapes, METH_VARARGS, install_shapes_doc},
    {NULL, NULL, 0, NULL},
};
