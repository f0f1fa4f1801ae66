/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * The programs' output mechanism (output-files.h): the signal registry of
 * the temporary files (every terminating signal caught, an ignored or
 * handled signal left alone, the default actions restored, a signal's default action
 * still ending the program with no temporary left) and the checks of the
 * output names against each other and against the inputs.
 */
#include "ns3/bloom-gossip-test-compat.h"
#include "ns3/output-files.h"
#include "ns3/test.h"

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <stdexcept>
#include <string>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace ns3;

namespace
{

/// A private folder, removed (with what is left in it) when this ends.
class Folder
{
  public:
    Folder()
    {
        const char* tmp = std::getenv("TMPDIR");
        std::string pattern = std::string(tmp && *tmp ? tmp : "/tmp") + "/bg-output-files-XXXXXX";
        if (::mkdtemp(pattern.data()) == nullptr)
        {
            throw std::runtime_error("mkdtemp failed");
        }
        m_path = pattern;
    }

    ~Folder()
    {
        const std::string command = "rm -rf '" + m_path + "'";
        [[maybe_unused]] const int rc = std::system(command.c_str());
    }

    Folder(const Folder&) = delete;
    Folder& operator=(const Folder&) = delete;

    const std::string& Path() const
    {
        return m_path;
    }

  private:
    std::string m_path;
};

bool
Exists(const std::string& path)
{
    struct stat st;
    return ::lstat(path.c_str(), &st) == 0;
}

/// The action of a signal now.
struct sigaction
Current(int signo)
{
    struct sigaction act;
    ::sigaction(signo, nullptr, &act);
    return act;
}

bool
IsHandler(const struct sigaction& act, void (*handler)(int))
{
    return (act.sa_flags & SA_SIGINFO) == 0 && act.sa_handler == handler;
}

volatile sig_atomic_t g_ownHandlerCalls = 0;

void
OwnHandler(int)
{
    g_ownHandlerCalls = g_ownHandlerCalls + 1;
}

} // namespace

/**
 * \ingroup bloom-gossip-scenario-tests
 * Every terminating signal is caught while a temporary file exists, and
 * each signal's action is what it was before once none exists.
 */
class SignalCoverageTestCase : public TestCase
{
  public:
    SignalCoverageTestCase()
        : TestCase("while a temporary file exists, SIGQUIT, SIGUSR1 and every other terminating "
                   "signal are caught; afterwards each action is restored")
    {
    }

  private:
    void DoRun() override
    {
        const auto& signals = TemporaryFile::TerminatingSignals();
        for (int signo : {SIGHUP, SIGINT, SIGTERM, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGPIPE})
        {
            const bool listed = std::find(signals.begin(), signals.end(), signo) != signals.end();
            NS_TEST_ASSERT_MSG_EQ(listed,
                                  true,
                                  "signal " << signo << " is not in TerminatingSignals()");
        }
        struct sigaction before[NSIG];
        for (int signo : signals)
        {
            ::signal(signo, SIG_DFL);
            before[signo] = Current(signo);
        }
        Folder folder;
        {
            TemporaryFile file(folder.Path() + "/t.XXXXXX");
            NS_TEST_ASSERT_MSG_GT_OR_EQ(file.Fd(), 0, "no temporary file");
            ::close(file.Fd());
            for (int signo : signals)
            {
                NS_TEST_EXPECT_MSG_EQ(IsHandler(Current(signo), SIG_DFL),
                                      false,
                                      "signal " << signo << " not caught while a temporary exists");
            }
        }
        for (int signo : signals)
        {
            NS_TEST_EXPECT_MSG_EQ(IsHandler(Current(signo), SIG_DFL),
                                  true,
                                  "signal " << signo << " not restored to its default action");
            ::sigaction(signo, &before[signo], nullptr);
        }
    }
};

/**
 * \ingroup bloom-gossip-scenario-tests
 * An ignored signal (SIGHUP under nohup) stays ignored while a temporary
 * file exists, and afterwards; a signal the program handles itself (a
 * profiler's SIGPROF) stays the program's.
 */
class IgnoredAndOwnActionsTestCase : public TestCase
{
  public:
    IgnoredAndOwnActionsTestCase()
        : TestCase("an ignored SIGHUP stays ignored (nohup); a signal the program handles "
                   "stays the program's")
    {
    }

  private:
    void DoRun() override
    {
        Folder folder;
        struct sigaction savedHup = Current(SIGHUP);
        struct sigaction savedUsr2 = Current(SIGUSR2);
        ::signal(SIGHUP, SIG_IGN);
        ::signal(SIGUSR2, OwnHandler);
        {
            TemporaryFile file(folder.Path() + "/t.XXXXXX");
            NS_TEST_ASSERT_MSG_GT_OR_EQ(file.Fd(), 0, "no temporary file");
            ::close(file.Fd());
            NS_TEST_EXPECT_MSG_EQ(IsHandler(Current(SIGHUP), SIG_IGN),
                                  true,
                                  "the ignored SIGHUP was replaced by a handler");
            ::raise(SIGHUP); // ignored: nothing happens
            NS_TEST_EXPECT_MSG_EQ(Exists(file.Path()),
                                  true,
                                  "an ignored SIGHUP removed the temporary file");
            NS_TEST_EXPECT_MSG_EQ(IsHandler(Current(SIGUSR2), OwnHandler),
                                  true,
                                  "the program's own SIGUSR2 handler was replaced");
            ::raise(SIGUSR2);
            NS_TEST_EXPECT_MSG_EQ(g_ownHandlerCalls, 1, "the program's own handler was not called");
            NS_TEST_EXPECT_MSG_EQ(Exists(file.Path()),
                                  true,
                                  "a signal the program handles removed the temporary file");
        }
        NS_TEST_EXPECT_MSG_EQ(IsHandler(Current(SIGHUP), SIG_IGN),
                              true,
                              "SIGHUP is no longer ignored after the temporary file ended");
        NS_TEST_EXPECT_MSG_EQ(IsHandler(Current(SIGUSR2), OwnHandler),
                              true,
                              "the program's own SIGUSR2 handler is gone");
        ::sigaction(SIGHUP, &savedHup, nullptr);
        ::sigaction(SIGUSR2, &savedUsr2, nullptr);
    }
};

/**
 * \ingroup bloom-gossip-scenario-tests
 * A signal whose default action ends the program still ends it, by that
 * signal, and leaves no temporary file (in a child process).
 */
class DefaultActionTestCase : public TestCase
{
  public:
    DefaultActionTestCase()
        : TestCase("SIGQUIT, SIGUSR1, SIGALRM and SIGTERM end the program by the signal and "
                   "leave no temporary file")
    {
    }

  private:
    void DoRun() override
    {
        for (int signo : {SIGQUIT, SIGUSR1, SIGALRM, SIGTERM})
        {
            Folder folder;
            const pid_t child = ::fork();
            NS_TEST_ASSERT_MSG_GT_OR_EQ(child, 0, "fork failed");
            if (child == 0)
            {
                const struct rlimit noCore = {0, 0};
                ::setrlimit(RLIMIT_CORE, &noCore);
                ::signal(signo, SIG_DFL);
                TemporaryFile file(folder.Path() + "/t.XXXXXX");
                ::raise(signo);
                ::_exit(file.Fd() < 0 ? 3 : 0); // not reached when the signal ends it
            }
            int status = 0;
            ::waitpid(child, &status, 0);
            const bool bySignal = WIFSIGNALED(status) && WTERMSIG(status) == signo;
            NS_TEST_EXPECT_MSG_EQ(bySignal,
                                  true,
                                  "signal " << signo << " did not end the child (status " << status
                                            << ")");
            const std::string command = "test -z \"$(ls -A '" + folder.Path() + "')\"";
            NS_TEST_EXPECT_MSG_EQ(std::system(command.c_str()),
                                  0,
                                  "signal " << signo << " left a temporary file");
        }
    }
};

/**
 * \ingroup bloom-gossip-scenario-tests
 * Output names: every output against every input in either order, '-',
 * control characters, a derived name with no name before ".csv".
 */
class OutputNamesTestCase : public TestCase
{
  public:
    OutputNamesTestCase()
        : TestCase("outputs are checked against inputs added later; '-', control characters "
                   "and '.csv' are refused")
    {
    }

  private:
    static std::string Refusal(const std::function<void()>& f)
    {
        try
        {
            f();
        }
        catch (const std::invalid_argument& e)
        {
            return e.what();
        }
        return "";
    }

    void DoRun() override
    {
        Folder folder;
        const std::string input = folder.Path() + "/trace.tcl";
        {
            FILE* f = std::fopen(input.c_str(), "w");
            NS_TEST_ASSERT_MSG_NE(f, nullptr, "cannot create the input");
            std::fclose(f);
        }
        OutputFiles outputs;
        outputs.AddOutput("--out", folder.Path() + "/./trace.tcl");
        const std::string late =
            Refusal([&]() { outputs.AddInput("--ns2-trace", folder.Path() + "/trace.tcl"); });
        NS_TEST_EXPECT_MSG_NE(late.find("--out: "), std::string::npos, late);
        NS_TEST_EXPECT_MSG_NE(late.find("input file of --ns2-trace"), std::string::npos, late);

        OutputFiles others;
        NS_TEST_EXPECT_MSG_NE(
            Refusal([&]() { others.AddOutput("--out", "-"); }).find("standard output"),
            std::string::npos,
            "'-' accepted");
        for (const char* name : {"a\nb.csv", "a\tb.csv", "a\rb.csv", "a\x7f.csv"})
        {
            NS_TEST_EXPECT_MSG_NE(Refusal([&]() {
                                      others.AddOutput("--out", folder.Path() + "/" + name);
                                  }).find("control character"),
                                  std::string::npos,
                                  "a control character accepted");
        }
        NS_TEST_EXPECT_MSG_NE(Refusal([]() {
                                  OutputFiles::DerivedName("--out", "dir/.csv", "-x.csv");
                              }).find("--out: "),
                              std::string::npos,
                              "'.csv' gave a derived name");
        NS_TEST_EXPECT_MSG_EQ(OutputFiles::DerivedName("--out", "a/run.csv", "-x.csv"),
                              "a/run-x.csv",
                              "derived name");
        NS_TEST_EXPECT_MSG_EQ(OutputFiles::DerivedName("--out", "run", "-x.csv"),
                              "run-x.csv",
                              "derived name without .csv");
        // runs.csv (the default --out, sweep.sh's table): the companions
        // beside it under their own names; any other name keeps its stem.
        NS_TEST_EXPECT_MSG_EQ(OutputFiles::DerivedName("--out", "runs.csv", "-by-distance.csv"),
                              "by-distance.csv",
                              "derived name of runs.csv");
        NS_TEST_EXPECT_MSG_EQ(OutputFiles::DerivedName("--out", "a/b/runs.csv", "-queries.csv"),
                              "a/b/queries.csv",
                              "derived name of a/b/runs.csv");
        NS_TEST_EXPECT_MSG_EQ(OutputFiles::DerivedName("--out", "a/myruns.csv", "-x.csv"),
                              "a/myruns-x.csv",
                              "derived name of myruns.csv");
        NS_TEST_EXPECT_MSG_EQ(OutputFiles::DerivedName("--out", "runs.csv/a.csv", "-x.csv"),
                              "runs.csv/a-x.csv",
                              "derived name under a folder runs.csv");
    }
};

/**
 * \ingroup bloom-gossip-scenario-tests
 * The suite.
 */
class OutputFilesTestSuite : public TestSuite
{
  public:
    OutputFilesTestSuite()
        : TestSuite("bloom-gossip-output-files", bloom::test::kUnit)
    {
        AddTestCase(new SignalCoverageTestCase, bloom::test::kQuick);
        AddTestCase(new IgnoredAndOwnActionsTestCase, bloom::test::kQuick);
        AddTestCase(new DefaultActionTestCase, bloom::test::kQuick);
        AddTestCase(new OutputNamesTestCase, bloom::test::kQuick);
    }
};

/// The suite's instance.
static OutputFilesTestSuite g_outputFilesTestSuite;
