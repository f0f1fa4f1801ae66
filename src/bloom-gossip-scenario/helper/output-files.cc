/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "output-files.h"

#include "ns3/input-file.h"
#include "ns3/log.h"

#include <atomic>
#include <cerrno>
#include <climits>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <stdexcept>
#include <sys/stat.h>
#include <unistd.h>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("OutputFiles");

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

// Temporary files being written, removed by the signal handler.  A fixed
// table of C strings: the handler may only call async-signal-safe functions.
constexpr int kMaxTemporaries = 16;
char g_temporaries[kMaxTemporaries][PATH_MAX];
std::atomic<int> g_temporaryCount{0};

extern "C" void
RemoveTemporariesAndReraise(int signo)
{
    const int n = g_temporaryCount.load();
    for (int i = 0; i < n && i < kMaxTemporaries; ++i)
    {
        if (g_temporaries[i][0] != '\0')
        {
            ::unlink(g_temporaries[i]);
        }
    }
    std::signal(signo, SIG_DFL);
    std::raise(signo);
}

/// Temporary files of one WriteAll, registered for the signal handler.
class Temporaries
{
  public:
    Temporaries()
    {
        g_temporaryCount = 0;
        for (int signo : {SIGINT, SIGTERM, SIGHUP})
        {
            std::signal(signo, RemoveTemporariesAndReraise);
        }
    }

    ~Temporaries()
    {
        RemoveAll();
        for (int signo : {SIGINT, SIGTERM, SIGHUP})
        {
            std::signal(signo, SIG_DFL);
        }
    }

    Temporaries(const Temporaries&) = delete;
    Temporaries& operator=(const Temporaries&) = delete;

    /// A new empty temporary file in `folder`; its descriptor.
    int Create(const std::string& folder, std::string* path)
    {
        const int slot = g_temporaryCount.load();
        std::string pattern = folder + "/.bloom-gossip.XXXXXX";
        if (slot >= kMaxTemporaries || pattern.size() >= PATH_MAX)
        {
            errno = ENAMETOOLONG;
            return -1;
        }
        std::strcpy(g_temporaries[slot], pattern.c_str());
        const int fd = ::mkstemp(g_temporaries[slot]);
        if (fd < 0)
        {
            g_temporaries[slot][0] = '\0';
            return -1;
        }
        g_temporaryCount = slot + 1;
        *path = g_temporaries[slot];
        return fd;
    }

    /// The file at `i` was renamed: nothing to remove any more.
    void Release(int i)
    {
        g_temporaries[i][0] = '\0';
    }

    void RemoveAll()
    {
        for (int i = 0; i < g_temporaryCount.load(); ++i)
        {
            if (g_temporaries[i][0] != '\0')
            {
                ::unlink(g_temporaries[i]);
                g_temporaries[i][0] = '\0';
            }
        }
        g_temporaryCount = 0;
    }
};

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

void
OutputFiles::AddInput(const std::string& option, const std::string& path)
{
    struct stat st;
    if (!path.empty() && ::stat(path.c_str(), &st) == 0)
    {
        m_inputs.push_back({option, path, Identity(st)});
    }
}

void
OutputFiles::AddOutput(const std::string& option, const std::string& path)
{
    const std::string quoted = QuoteForMessage(path);
    if (path.empty())
    {
        Bad(option, "empty file name");
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
    Temporaries temporaries;
    std::vector<std::string> paths(m_outputs.size());
    for (size_t i = 0; i < m_outputs.size(); ++i)
    {
        const File& out = m_outputs[i];
        const auto fail = [&out](const std::string& why) {
            throw std::runtime_error(out.option + ": cannot write " + QuoteForMessage(out.path) +
                                     ": " + why);
        };
        const int fd = temporaries.Create(SplitPath(out.path).first, &paths[i]);
        if (fd < 0)
        {
            fail(std::strerror(errno));
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
        NS_LOG_LOGIC("wrote " << contents[i].size() << " bytes for " << out.path);
    }
    for (size_t i = m_outputs.size(); i-- > 0;)
    {
        if (std::rename(paths[i].c_str(), m_outputs[i].path.c_str()) != 0)
        {
            throw std::runtime_error(m_outputs[i].option + ": cannot write " +
                                     QuoteForMessage(m_outputs[i].path) + ": " +
                                     std::strerror(errno));
        }
        temporaries.Release(static_cast<int>(i));
    }
}

} // namespace ns3
