/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "output-files.h"

// Plain C++ without ns-3 (see output-files.h): no NS_LOG here.
#include "ns3/user-text.h"

#include <cerrno>
#include <climits>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <sys/stat.h>
#include <unistd.h>

namespace ns3
{

using bloom::QuoteForMessage;

namespace
{

[[noreturn]] void
Bad(const std::string& option, const std::string& problem)
{
    throw std::invalid_argument(option + ": " + problem);
}

/// Folder and last component of a path ("a/b.csv" -> "a", "b.csv").
std::pair<std::string, std::string>
SplitPath(const std::string& path)
{
    const auto slash = path.find_last_of('/');
    if (slash == std::string::npos)
    {
        return {".", path};
    }
    return {slash == 0 ? "/" : path.substr(0, slash), path.substr(slash + 1)};
}

std::string
Identity(const struct stat& st, const std::string& name = std::string())
{
    return std::to_string(st.st_dev) + ":" + std::to_string(st.st_ino) +
           (name.empty() ? std::string() : "/" + name);
}

// The program's temporary files (TemporaryFile), removed by the signal
// handler: a fixed table of C strings, an empty one a free entry, since the
// handler may only call async-signal-safe functions.
constexpr int kMaxTemporaries = 16;
char g_temporaries[kMaxTemporaries][PATH_MAX];
int g_liveTemporaries = 0; //!< registered entries; the handlers are set while > 0
pid_t g_owner = 0;         //!< the process whose files they are (not a forked child)

// Per signal: whether the registry's handler is installed, and the default
// action it replaced (restored when the last temporary ends, or by the
// handler).
bool g_caught[NSIG];
struct sigaction g_previous[NSIG];

extern "C" void
RemoveTemporariesAndResignal(int signo, siginfo_t* /* info */, void* /* context */)
{
    const int savedErrno = errno;
    if (::getpid() == g_owner)
    {
        for (int i = 0; i < kMaxTemporaries; ++i)
        {
            if (g_temporaries[i][0] != '\0')
            {
                ::unlink(g_temporaries[i]);
            }
        }
    }
    // The default action (the only one replaced): ends the program when this
    // handler returns (the signal is blocked until then), as the signal would
    // have.
    ::sigaction(signo, &g_previous[signo], nullptr);
    g_caught[signo] = false;
    ::raise(signo);
    errno = savedErrno;
}

/// Install the handler on every terminating signal left at its default
/// action, or restore the default.
void
SetSignalHandlers(bool install)
{
    for (int signo : TemporaryFile::TerminatingSignals())
    {
        if (install)
        {
            // Only a signal whose action is the default (ending the program)
            // is taken over: an ignored one stays ignored (nohup), one the
            // program handles (a profiler's SIGPROF) stays the program's.
            struct sigaction current;
            if (::sigaction(signo, nullptr, &current) != 0 ||
                (current.sa_flags & SA_SIGINFO) != 0 || current.sa_handler != SIG_DFL)
            {
                continue;
            }
            struct sigaction act;
            std::memset(&act, 0, sizeof(act));
            act.sa_sigaction = RemoveTemporariesAndResignal;
            act.sa_flags = SA_SIGINFO | SA_RESTART;
            sigfillset(&act.sa_mask);
            g_caught[signo] = ::sigaction(signo, &act, &g_previous[signo]) == 0;
        }
        else if (g_caught[signo])
        {
            // Restore unless the program has set an action of its own since.
            struct sigaction current;
            if (::sigaction(signo, nullptr, &current) == 0 &&
                (current.sa_flags & SA_SIGINFO) != 0 &&
                current.sa_sigaction == RemoveTemporariesAndResignal)
            {
                ::sigaction(signo, &g_previous[signo], nullptr);
            }
            g_caught[signo] = false;
        }
    }
}

/// Write all of `data` to `fd`.
bool
WriteAllBytes(int fd, const std::string& data)
{
    size_t done = 0;
    while (done < data.size())
    {
        const ssize_t n = ::write(fd, data.data() + done, data.size() - done);
        if (n < 0)
        {
            if (errno == EINTR)
            {
                continue;
            }
            return false;
        }
        done += static_cast<size_t>(n);
    }
    return true;
}

} // namespace

TemporaryFile::TemporaryFile(const std::string& pattern)
{
    int slot = 0;
    while (slot < kMaxTemporaries && g_temporaries[slot][0] != '\0')
    {
        ++slot;
    }
    if (slot == kMaxTemporaries || pattern.size() >= PATH_MAX)
    {
        m_error = ENAMETOOLONG;
        return;
    }
    if (g_liveTemporaries++ == 0)
    {
        g_owner = ::getpid();
        SetSignalHandlers(true);
    }
    m_slot = slot;
    // mkstemp fills in the entry itself, so that no signal finds a file
    // created but not yet registered.
    std::strcpy(g_temporaries[slot], pattern.c_str());
    m_fd = ::mkstemp(g_temporaries[slot]);
    if (m_fd < 0)
    {
        m_error = errno;
        Keep();
        return;
    }
    m_path = g_temporaries[slot];
}

TemporaryFile::~TemporaryFile()
{
    if (m_slot >= 0)
    {
        ::unlink(g_temporaries[m_slot]);
        Keep();
    }
}

void
TemporaryFile::Keep()
{
    if (m_slot < 0)
    {
        return;
    }
    g_temporaries[m_slot][0] = '\0';
    m_slot = -1;
    if (--g_liveTemporaries == 0)
    {
        SetSignalHandlers(false);
    }
}

const std::vector<int>&
TemporaryFile::TerminatingSignals()
{
    static const std::vector<int> signals{SIGHUP,
                                          SIGINT,
                                          SIGQUIT,
                                          SIGTERM,
                                          SIGUSR1,
                                          SIGUSR2,
                                          SIGALRM,
                                          SIGPIPE,
                                          SIGVTALRM,
                                          SIGPROF,
                                          SIGXCPU,
                                          SIGXFSZ,
                                          SIGABRT};
    return signals;
}

void
OutputFiles::AddInput(const std::string& option, const std::string& path)
{
    struct stat st;
    if (path.empty() || ::stat(path.c_str(), &st) != 0)
    {
        return;
    }
    const File input{option, path, Identity(st)};
    for (const File& out : m_outputs)
    {
        if (out.id == input.id)
        {
            Bad(out.option,
                QuoteForMessage(out.path) + " is the input file of " + option +
                    "; choose another name");
        }
    }
    m_inputs.push_back(input);
}

std::string
OutputFiles::DerivedName(const std::string& option,
                         const std::string& base,
                         const std::string& suffix)
{
    const std::string ext = ".csv";
    const bool csv =
        base.size() >= ext.size() && base.compare(base.size() - ext.size(), ext.size(), ext) == 0;
    const std::string stem = csv ? base.substr(0, base.size() - ext.size()) : base;
    if (stem.empty() || stem.back() == '/')
    {
        Bad(option,
            QuoteForMessage(base) + " has no name before " + ext + " (the outputs named after it " +
                "would be called " + QuoteForMessage(stem + suffix) + ")");
    }
    return stem + suffix;
}

void
OutputFiles::AddOutput(const std::string& option, const std::string& path)
{
    const std::string quoted = QuoteForMessage(path);
    if (path.empty())
    {
        Bad(option, "empty file name");
    }
    if (path == "-")
    {
        Bad(option, "'-' (standard output) is not supported here; name a file");
    }
    for (const char ch : path)
    {
        const auto byte = static_cast<unsigned char>(ch);
        if (byte < 0x20 || byte == 0x7f)
        {
            Bad(option,
                quoted + " holds a control character (a newline, a tab, ...); name the file " +
                    "without one");
        }
    }
    if (path.size() >= PATH_MAX)
    {
        Bad(option, "path of " + std::to_string(path.size()) + " bytes, longer than PATH_MAX");
    }
    const auto [folder, name] = SplitPath(path);
    if (name.empty() || name == "." || name == "..")
    {
        Bad(option, quoted + " names a folder, not a file");
    }
    struct stat dir;
    if (::stat(folder.c_str(), &dir) != 0 || !S_ISDIR(dir.st_mode))
    {
        Bad(option, "no folder " + QuoteForMessage(folder) + " to write " + quoted + " in");
    }
    const long nameMax = ::pathconf(folder.c_str(), _PC_NAME_MAX);
    if (nameMax > 0 && name.size() > static_cast<size_t>(nameMax))
    {
        Bad(option,
            "file name of " + std::to_string(name.size()) + " bytes, longer than the " +
                std::to_string(nameMax) + " its folder allows");
    }
    if (::access(folder.c_str(), W_OK | X_OK) != 0)
    {
        Bad(option,
            "cannot write in folder " + QuoteForMessage(folder) + " (" + std::strerror(errno) +
                ")");
    }
    struct stat st;
    std::string id;
    if (::lstat(path.c_str(), &st) == 0)
    {
        if (S_ISLNK(st.st_mode))
        {
            Bad(option, quoted + " is a symbolic link; name the file itself or a new path");
        }
        if (S_ISDIR(st.st_mode))
        {
            Bad(option, quoted + " is a folder; name a file in it");
        }
        if (!S_ISREG(st.st_mode))
        {
            Bad(option, quoted + " is not a regular file (a device, FIFO or socket)");
        }
        id = Identity(st);
    }
    else if (errno == ENOENT)
    {
        id = Identity(dir, name);
    }
    else
    {
        Bad(option, "cannot check " + quoted + " (" + std::strerror(errno) + ")");
    }
    for (const File& other : m_outputs)
    {
        if (other.id == id)
        {
            Bad(option,
                quoted + " is the same file as " + other.option + " " +
                    QuoteForMessage(other.path));
        }
    }
    for (const File& input : m_inputs)
    {
        if (input.id == id)
        {
            Bad(option, quoted + " is the input file of " + input.option + "; choose another name");
        }
    }
    m_outputs.push_back({option, path, id});
}

void
OutputFiles::WriteAll(const std::vector<std::string>& contents) const
{
    if (contents.size() != m_outputs.size())
    {
        throw std::logic_error("OutputFiles::WriteAll: one content per output expected");
    }
    const mode_t mask = ::umask(0);
    ::umask(mask);
    std::vector<std::unique_ptr<TemporaryFile>> temporaries;
    for (size_t i = 0; i < m_outputs.size(); ++i)
    {
        const File& out = m_outputs[i];
        const auto fail = [&out](const std::string& why) {
            throw std::runtime_error(out.option + ": cannot write " + QuoteForMessage(out.path) +
                                     ": " + why);
        };
        temporaries.push_back(
            std::make_unique<TemporaryFile>(SplitPath(out.path).first + "/.bloom-gossip.XXXXXX"));
        const int fd = temporaries.back()->Fd();
        if (fd < 0)
        {
            fail(std::strerror(temporaries.back()->Error()));
        }
        struct stat st;
        const mode_t mode =
            ::stat(out.path.c_str(), &st) == 0 ? (st.st_mode & 07777) : (0666 & ~mask);
        const bool ok = ::fchmod(fd, mode) == 0 && WriteAllBytes(fd, contents[i]);
        const int err = errno;
        if (::close(fd) != 0 || !ok)
        {
            fail(std::strerror(ok ? errno : err));
        }
    }
    for (size_t i = m_outputs.size(); i-- > 0;)
    {
        if (std::rename(temporaries[i]->Path().c_str(), m_outputs[i].path.c_str()) != 0)
        {
            throw std::runtime_error(m_outputs[i].option + ": cannot write " +
                                     QuoteForMessage(m_outputs[i].path) + ": " +
                                     std::strerror(errno));
        }
        temporaries[i]->Keep();
    }
}

std::string
OutputFiles::OutputList() const
{
    std::string list;
    for (const File& out : m_outputs)
    {
        list += (list.empty() ? "" : ", ") + out.path;
    }
    return list;
}

} // namespace ns3
