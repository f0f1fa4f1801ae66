/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * The result files of a program, checked before any work starts and written
 * so that a reader never sees one half-written and a run's tables are all
 * replaced or none is.
 *
 * Plain C++ over POSIX, without ns-3 (only QuoteForMessage of the filter
 * library's user-text.h), so that the programs over the filter core alone
 * (benchmarks/filter-space) write through the same mechanism.
 */
#ifndef BLOOM_GOSSIP_OUTPUT_FILES_H
#define BLOOM_GOSSIP_OUTPUT_FILES_H

#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup bloom-gossip-scenario
 * \brief A temporary file of the program, removed when this object ends and
 * when the program is stopped by a signal.
 *
 * The one registry of the program's temporary files: OutputFiles::WriteAll
 * writes each output to one before renaming it (and, where the system has
 * no memory files, the NetAnim trace is recorded into one during the run).
 * While any exists, every catchable signal whose default action ends the
 * program (TerminatingSignals()) and whose action is still that default
 * first removes every registered file, then ends the program as the signal
 * would.  A signal the program ignores (SIGHUP under nohup) or handles itself
 * (a profiler's SIGPROF) is left alone: it stays ignored, or the program's.
 * When the last one ends, the default actions are restored.  A child
 * process (fork) never removes its parent's files.  At most 16 exist at a
 * time.  SIGKILL and SIGSTOP cannot be caught: a killed program leaves its
 * temporaries (hidden ".bloom-gossip.*" files beside the outputs).
 */
class TemporaryFile
{
  public:
    /**
     * Create a new empty file (mkstemp).
     * \param pattern its path, ending in XXXXXX
     * On failure Fd() is -1 and Error() the errno value.
     */
    explicit TemporaryFile(const std::string& pattern);
    /// Remove the file unless Keep() was called.
    ~TemporaryFile();
    TemporaryFile(const TemporaryFile&) = delete;
    TemporaryFile& operator=(const TemporaryFile&) = delete;

    /// \return the open descriptor (the caller closes it), or -1 on failure
    int Fd() const
    {
        return m_fd;
    }

    /// \return the errno value of a failed creation
    int Error() const
    {
        return m_error;
    }

    /// \return the file's path
    const std::string& Path() const
    {
        return m_path;
    }

    /// The file was renamed or handed over: do not remove it.
    void Keep();

    /**
     * \return the signals the registry catches while a temporary file
     * exists: SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2, SIGALRM,
     * SIGPIPE, SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ and SIGABRT (an abort
     * leaves no temporary either); not the faults SIGSEGV, SIGBUS, SIGFPE,
     * SIGILL, SIGTRAP and SIGSYS, whose handlers belong to the sanitizers and
     * debuggers, nor the real-time signals, which nothing sends to these
     * programs.
     */
    static const std::vector<int>& TerminatingSignals();

  private:
    int m_slot{-1};     //!< its entry in the signal handler's table, -1 when none
    int m_fd{-1};       //!< descriptor from mkstemp
    int m_error{0};     //!< errno of a failed creation
    std::string m_path; //!< path
};

/**
 * \ingroup bloom-gossip-scenario
 * \brief The output files of one program run, each named by an option.
 *
 * AddInput and AddOutput check every path when it is given, so a bad one
 * fails before anything is simulated; WriteAll writes every output at the
 * end.  The checks (errors are std::invalid_argument "--option: problem"):
 *  - the name is not empty, not "-" (which other tools read as standard
 *    output), holds no control character (a newline, a tab, ...), its last
 *    component fits the file system's NAME_MAX and the whole path PATH_MAX;
 *  - the path is new, or an existing regular file: a folder, a symbolic
 *    link, a device, a FIFO or a socket is refused (as root, renaming over
 *    /dev/null would replace the system's);
 *  - its folder exists and may be written to;
 *  - no two outputs, and no output and input, are the same file, whatever
 *    the spelling (compared by device and inode of the file, or of its
 *    folder plus the name for a new file), in whichever order AddInput and
 *    AddOutput are called.
 *
 * WriteAll first writes every content to a temporary file beside its
 * destination (a short hidden name from mkstemp, the destination's mode or
 * 0666 less the umask), then renames them in the reverse order of AddOutput
 * (so when the first output exists, the others do too): a failed write (a
 * full disk) removes the temporary files and leaves every destination as it
 * was.  The temporary files are TemporaryFile objects: removed when a signal
 * ends the program too.
 */
class OutputFiles
{
  public:
    /**
     * An input file of the run, which no output may name.
     * \param option the option naming it ("--config")
     * \param path its path (need not exist; then it matches nothing)
     * \throws std::invalid_argument "--option: problem" naming the output
     *         option when an output added before is this file
     */
    void AddInput(const std::string& option, const std::string& path);

    /**
     * The name of an output derived from another's: `base` less a final
     * ".csv", then `suffix` ("run.csv", "-by-distance.csv" ->
     * "run-by-distance.csv").
     * \param option the option naming `base` ("--out")
     * \param base its path
     * \param suffix what the derived name ends with
     * \return the derived path
     * \throws std::invalid_argument "--option: problem" when `base` has no
     *         name before ".csv" (".csv" would give "-by-distance.csv")
     */
    static std::string DerivedName(const std::string& option,
                                   const std::string& base,
                                   const std::string& suffix);

    /**
     * Check and add an output.
     * \param option the option naming it ("--out")
     * \param path its path
     * \throws std::invalid_argument "--option: problem"
     */
    void AddOutput(const std::string& option, const std::string& path);

    /**
     * Write every output, all or none.
     * \param contents one per output, in the order of AddOutput
     * \throws std::runtime_error "--option: cannot write '<path>': reason"
     */
    void WriteAll(const std::vector<std::string>& contents) const;

    /// \return the outputs' paths, in the order of AddOutput, joined by ", "
    std::string OutputList() const;

  private:
    /// A checked file: its option, path and identity.
    struct File
    {
        std::string option; //!< the option naming it
        std::string path;   //!< as given
        std::string id;     //!< identity: "dev:ino" or "dev:ino/name" of a new file
    };

    std::vector<File> m_inputs;  //!< inputs
    std::vector<File> m_outputs; //!< outputs, in write order
};

} // namespace ns3

#endif // BLOOM_GOSSIP_OUTPUT_FILES_H
