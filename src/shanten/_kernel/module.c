/*
 * The kernel's module, shanten._kernel._c: shanten numbers, effective tiles, discard
 * tables and discard odds by table lookups, for the hot paths of the library. Each unit
 * offers its module functions as a table (kernel.h lists the units); this one puts them
 * together with the Verb type into the module.
 */
#include "kernel.h"

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT,
    .m_name = "shanten._kernel._c",
    .m_doc = "The C kernel of shanten: table lookups for the hot paths.",
    .m_size = -1,
};

PyMODINIT_FUNC
PyInit__c(void)
{
    PyMethodDef *functions[] = {INSTALL_METHODS, RESULTS_METHODS, BINDING_METHODS,
                                VERB_METHODS,    BATCH_METHODS,   ODDS_METHODS,
                                SCORE_METHODS};
    if (!read_init())
        return NULL;
    PyObject *module = PyModule_Create(&module_def);
    if (module == NULL)
        return NULL;
    for (size_t i = 0; i < sizeof functions / sizeof *functions; i++)
        if (PyModule_AddFunctions(module, functions[i]) < 0) {
            Py_DECREF(module);
            return NULL;
        }
    if (!verb_add(module)) {
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
