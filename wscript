## -*- Mode: python; py-indent-offset: 4; indent-tabs-mode: nil; coding: utf-8; -*-
#
# ns-3 <= 3.35 (waf) with this repository cloned as <ns-3>/contrib/bloom-gossip.
# ns-3 takes contrib/<folder>/wscript as the wscript of module <folder>; this
# one hands configure and build to the module's own src/bloom-gossip/wscript
# and builds every scratch/*.cc of this repository as an ns-3 program named
# after the file: ./waf --run "diameter-sweep --nodes=20".
# (The other layout, src/bloom-gossip copied to <ns-3>/contrib/bloom-gossip and
# scratch/*.cc to <ns-3>/scratch, does not use this file.)

MODULE_DIR = 'src/bloom-gossip'


def configure(conf):
    if conf.path.name != 'bloom-gossip':
        conf.fatal("bloom-gossip: clone this repository as contrib/bloom-gossip, not contrib/%s"
                   % conf.path.name)
    conf.recurse(MODULE_DIR)


def build(bld):
    bld.recurse(MODULE_DIR)
    if 'bloom-gossip' in bld.env['MODULES_NOT_BUILT']:
        return
    # The module's `use` brings fmt, Boost.Program_options, the version define
    # and the ns-3 modules bloom-gossip depends on.
    for source in bld.path.ant_glob('scratch/*.cc'):
        obj = bld.create_ns3_program(source.name[:-len('.cc')], ['bloom-gossip'])
        obj.source = [source]
        obj.install_path = None
