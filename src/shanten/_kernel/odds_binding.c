/*
 * odds(), the discard odds' module function: it reads and checks the start hands and
 * the wall, runs odds_run() with the GIL released, hands each answer to `progress` as it
 * comes (taking the GIL back for the call) and builds the list of answers.
 */
#include "odds.h"

/* A (tenpai, win, states) tuple of one start's curves. */
static PyObject *
odds_answer(const double *curves, int draws, int states)
{
    PyObject *result = NULL, *tenpai = NULL, *win = NULL;
    if ((tenpai = PyTuple_New(draws + 1)) && (win = PyTuple_New(draws + 1))) {
        int ok = 1;
        for (int k = 0; k <= draws && ok; k++) {
            PyObject *a = PyFloat_FromDouble(curves[k]);
            PyObject *b = a ? PyFloat_FromDouble(curves[draws + 1 + k]) : NULL;
            if (a)
                PyTuple_SET_ITEM(tenpai, k, a);
            if (b)
                PyTuple_SET_ITEM(win, k, b);
            ok = b != NULL;
        }
        if (ok)
            result = Py_BuildValue("(OOi)", tenpai, win, states);
    }
    Py_XDECREF(tenpai);
    Py_XDECREF(win);
    return result;
}

PyDoc_STRVAR(odds_doc,
"odds(starts, players, closed, unseen, draws, hand_changes, shanten_back, best,\n"
"     max_states, store_bytes=67108864, threads=1, progress=None, caps=None)\n"
"--\n\n"
"The tenpai and win curves (tuples of draws + 1 floats) of 3n+1 start hands (a sequence\n"
"of 34-byte hands of one size) with `unseen` copies of each tile in the wall, their swap\n"
"budget counting from `best` (the fewest tiles the hand they come from needs), and the\n"
"number of hands explored: a list of (tenpai, win, states), one per start in order; it\n"
"ends with (None, None, states) at a start past max_states hands. The starts share a\n"
"store of the hands they meet, which starts afresh before a start once past\n"
"store_bytes (64 MiB by default); up to `threads` threads solve the starts' graphs as\n"
"they are built. The answers depend on neither. `progress`, if given, is called as\n"
"progress(i, answer) for each start in order as soon as its answer is in (with the GIL,\n"
"from the calling thread); an exception it raises stops the run and is raised. `caps`:\n"
"None, or 34 bytes, the most copies of each tile a complete hand may hold (the\n"
"melded-copies rule); each start and the wall must stay within them.");

/* The report of k_odds: the answer of start i to the `progress` callable. */
typedef struct {
    PyObject *progress;
    PyThreadState *saved; /* the calling thread's, while the run lets other threads go */
    const double *curves;
    const int *states;
    int draws;
} OddsProgress;

static int
odds_progress(void *context, int i)
{
    OddsProgress *p = context;
    PyEval_RestoreThread(p->saved);
    PyObject *answer = odds_answer(p->curves + (size_t)i * 2 * (p->draws + 1), p->draws,
                                   p->states[i]);
    PyObject *result = answer ? PyObject_CallFunction(p->progress, "iO", i, answer) : NULL;
    int ok = result != NULL;
    Py_XDECREF(result);
    Py_XDECREF(answer);
    p->saved = PyEval_SaveThread();
    return ok;
}

static PyObject *
k_odds(PyObject *Py_UNUSED(module), PyObject *args, PyObject *kwargs)
{
    static char *keywords[] = {"starts",     "players",      "closed", "unseen",
                               "draws",      "hand_changes", "shanten_back", "best",
                               "max_states", "store_bytes",  "threads", "progress",
                               "caps",       NULL};
    PyObject *starts_object, *unseen_object;
    int players, closed, draws, hand_changes, shanten_back, best, max_states;
    uint8_t unseen[NUM_TILES];
    uint64_t f;
    const Rules *rules = NULL;
    Py_ssize_t store_bytes = ODDS_STORE_BYTES;
    int threads = 1;
    PyObject *progress = Py_None, *caps_object = Py_None;
    uint8_t caps[NUM_TILES];
    int capped = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OipOippii|niOO:odds", keywords,
                                     &starts_object, &players, &closed, &unseen_object, &draws,
                                     &hand_changes, &shanten_back, &best, &max_states,
                                     &store_bytes, &threads, &progress, &caps_object) ||
        !read_bytes(unseen_object, unseen, "unseen") || (rules = rules_of(players)) == NULL ||
        !caps_read(caps_object, rules, caps, &capped))
        return NULL;
    if (progress != Py_None && !PyCallable_Check(progress)) {
        PyErr_SetString(PyExc_TypeError, "progress: a callable or None");
        return NULL;
    }
    if (PyBytes_Check(starts_object) || PyByteArray_Check(starts_object)) {
        PyErr_SetString(PyExc_TypeError, "starts: a sequence of hands, not one hand");
        return NULL;
    }
    PyObject *seq = PySequence_Fast(starts_object, "starts: a sequence of hands");
    if (seq == NULL)
        return NULL;
    Py_ssize_t count = PySequence_Fast_GET_SIZE(seq);
    uint8_t *starts = malloc((count ? (size_t)count : 1) * NUM_TILES);
    if (starts == NULL) {
        Py_DECREF(seq);
        return PyErr_NoMemory();
    }
    int size = -1, ok = count <= INT32_MAX;
    for (Py_ssize_t i = 0; i < count && ok; i++) {
        uint8_t *start = starts + (size_t)i * NUM_TILES;
        ok = checked_hand(PySequence_Fast_GET_ITEM(seq, i), players, FORM_ALL, 1, &rules, start,
                          &f);
        if (ok && size >= 0 && (int)TILES_OF(f) != size) {
            PyErr_SetString(PyExc_ValueError, "starts: hands of different sizes");
            ok = 0;
        }
        size = (int)TILES_OF(f);
        for (int t = 0; t < NUM_TILES && ok; t++)
            if (start[t] + unseen[t] > 4 || (unseen[t] && rules->part_of[t] < 0)) {
                PyErr_SetString(PyExc_ValueError, "unseen: more copies than the game holds");
                ok = 0;
            }
            else if (capped && rules->part_of[t] >= 0 && start[t] + unseen[t] > caps[t]) {
                PyErr_SetString(PyExc_ValueError, "unseen: more copies than the caps allow");
                ok = 0;
            }
    }
    Py_DECREF(seq);
    int wall = 0;
    for (int t = 0; t < NUM_TILES; t++)
        wall += unseen[t];
    if (ok && (draws < 0 || draws > wall || max_states < 1 || best < 0 || best > 14 ||
               store_bytes < 0 || threads < 1)) {
        PyErr_SetString(PyExc_ValueError,
                        "draws, best, max_states, store_bytes or threads out of range");
        ok = 0;
    }
    double *curves = ok ? malloc(((size_t)count + 1) * 2 * ((size_t)draws + 1) * sizeof(double))
                        : NULL;
    int *states = ok ? calloc((size_t)count + 1, sizeof(int)) : NULL;
    if (!ok || curves == NULL || states == NULL) {
        free(starts), free(curves), free(states);
        return ok ? PyErr_NoMemory() : NULL;
    }
    int done = 0;
    OddsStatus status = ODDS_OK;
    if (count > 0) {
        OddsProgress p = {progress, NULL, curves, states, draws};
        OddsReport report = {progress == Py_None ? NULL : odds_progress, &p, 0};
        p.saved = PyEval_SaveThread();
        status = odds_run(rules, closed, (int)count, starts, unseen, capped ? caps : NULL, draws,
                          hand_changes, shanten_back, best, max_states, (size_t)store_bytes,
                          threads, &report, curves, states, &done);
        PyEval_RestoreThread(p.saved);
    }
    free(starts);
    PyObject *result = status == ODDS_STOPPED     ? NULL
                       : status == ODDS_NO_MEMORY ? PyErr_NoMemory()
                                                  : PyList_New(0);
    for (int i = 0; i < done && result != NULL; i++) {
        PyObject *answer = odds_answer(curves + (size_t)i * 2 * (draws + 1), draws, states[i]);
        if (answer == NULL || PyList_Append(result, answer) < 0)
            Py_CLEAR(result);
        Py_XDECREF(answer);
    }
    if (result != NULL && status == ODDS_TOO_MANY) {
        PyObject *answer = Py_BuildValue("(OOi)", Py_None, Py_None, states[done]);
        if (answer == NULL || PyList_Append(result, answer) < 0)
            Py_CLEAR(result);
        Py_XDECREF(answer);
    }
    free(curves), free(states);
    return result;
}

PyMethodDef ODDS_METHODS[] = {
    {"odds", (PyCFunction)(void (*)(void))k_odds, METH_VARARGS | METH_KEYWORDS, odds_doc},
    {NULL, NULL, 0, NULL},
};
