"""Demo jobs and users for `manage.py seed_demo`, as plain data.

Kept free of Django imports so the recorded drafts in `jobportal/demo/` can be checked
against these exact texts by a plain Python script. The first user and the first job are
the worked example from the spec; change them and the recorded drafts must change too.
"""

from __future__ import annotations

from dataclasses import dataclass

# Public demo credentials: printed by seed_demo and written in the README, never secret.
DEMO_PASSWORD = "demo-pass-123"  # noqa: S105
ADMIN_USERNAME = "admin"
ADMIN_PASSWORD = "admin-pass-123"  # noqa: S105
ADMIN_EMAIL = "admin@example.com"


@dataclass(frozen=True)
class DemoJob:
    """One posting; `remote` is a `Job.Remote` value ("onsite", "hybrid" or "remote")."""

    title: str
    company: str
    location: str
    remote: str
    description: str
    requirements: str = ""
    salary_min: int | None = None
    salary_max: int | None = None
    salary_currency: str = "EUR"
    published: bool = True

    @property
    def apply_email(self) -> str:
        """A demo address per company, on the reserved .example domain (never delivered)."""
        slug = "".join(ch for ch in self.company.lower() if ch.isascii() and ch.isalnum())
        return f"jobs@{slug}.example"


@dataclass(frozen=True)
class DemoProfile:
    """A CandidateProfile: private fields stay on the server, matching fields may be sent."""

    # Private: obviously fake values, so a test can prove they never reach a prompt.
    full_name: str = ""
    email: str = ""
    phone: str = ""
    salary_expectation: int | None = None
    # Matching: what an explanation may quote.
    headline: str = ""
    desired_role: str = ""
    skills: str = ""
    experience: str = ""
    work_preferences: str = ""


@dataclass(frozen=True)
class DemoUser:
    """A login plus its profile."""

    username: str
    password: str
    first_name: str
    last_name: str
    email: str
    profile: DemoProfile


DEMO_USERS: tuple[DemoUser, ...] = (
    # The worked example: a thin profile, so the Kubernetes claim has nowhere to hide.
    DemoUser(
        username="demo",
        password=DEMO_PASSWORD,
        first_name="Dana",
        last_name="Demo",
        email="dana.demo@example.com",
        profile=DemoProfile(
            full_name="Dana Demo",
            email="dana.demo@example.com",
            phone="+44 20 7946 0958",
            salary_expectation=65000,
            headline="Backend developer",
            skills="Java (Intermediate, 3 years)",
        ),
    ),
    # A fuller profile, so explanations have something to quote on many kinds of job.
    DemoUser(
        username="sam",
        password=DEMO_PASSWORD,
        first_name="Sam",
        last_name="Sample",
        email="sam.sample@example.com",
        profile=DemoProfile(
            full_name="Sam Sample",
            email="sam.sample@example.com",
            phone="+31 20 555 0147",
            salary_expectation=72000,
            headline="Data analyst and Python developer",
            desired_role="Data engineer or analytics engineer",
            skills=(
                "Python (Advanced, 5 years), SQL (PostgreSQL, BigQuery), pandas, dbt, "
                "Apache Airflow, Tableau, Django REST framework, Git, Docker (basic), "
                "English (fluent), Dutch (B1)"
            ),
            experience=(
                "Data analyst at Marlow Foods since 2021. I built the weekly sales "
                "dashboards in Tableau and moved our reporting queries from spreadsheets "
                "to PostgreSQL, which cut the monthly close report from two days to two "
                "hours.\n\n"
                "Python developer at a small logistics start-up before that. I wrote "
                "Django REST APIs for route planning and automated the nightly data "
                "imports with pandas and Airflow.\n\n"
                "I mentor two junior analysts and run our team's SQL review sessions."
            ),
            work_preferences=(
                "Remote or hybrid, based in Utrecht; happy to travel to an office twice "
                "a month. Full-time, English-speaking team that reviews code and writes "
                "documentation."
            ),
        ),
    ),
)


DEMO_JOBS: tuple[DemoJob, ...] = (
    # The worked example, word for word: one match, one gap, one invented claim removed.
    DemoJob(
        title="Java Engineer",
        company="Northwind Systems",
        location="Berlin",
        remote="hybrid",
        description="Build secure Java APIs and deploy services on AWS.",
        requirements="",
        salary_min=62000,
        salary_max=78000,
    ),
    DemoJob(
        title="Backend Developer (Python/Django)",
        company="Tidewater Health Tech",
        location="Amsterdam",
        remote="remote",
        description=(
            "Tidewater builds appointment and triage software used by 300 clinics in "
            "the Netherlands and Belgium. You will join our backend team of six and own "
            "features from the database schema to the REST endpoint: design Django "
            "models, write REST APIs used by our mobile apps, and keep PostgreSQL "
            "queries fast as the data grows. We review every pull request, write tests "
            "first where we can, and deploy several times a day. This is a fully remote "
            "role within European time zones, with a team week in Amsterdam twice a "
            "year."
        ),
        requirements=(
            "3+ years building web backends in Python\n"
            "Experience with Django or a similar framework\n"
            "Good knowledge of PostgreSQL and SQL query tuning\n"
            "Comfortable writing automated tests\n"
            "Experience with health data or GDPR is a plus"
        ),
        salary_min=60000,
        salary_max=80000,
    ),
    DemoJob(
        title="Frontend Engineer (React)",
        company="Lumen Studio",
        location="Lisbon",
        remote="remote",
        description=(
            "Lumen Studio makes booking and payment tools for independent cinemas and "
            "theatres. We are looking for a frontend engineer to build accessible, fast "
            "interfaces in React and TypeScript. You will work closely with our product "
            "designer, turn Figma designs into reusable components, and care about "
            "keyboard navigation and screen readers as much as about animations. Our "
            "stack: React, TypeScript, Vite, Playwright for end-to-end tests. The team "
            "works remotely across Portugal and Spain and meets in Lisbon every quarter."
        ),
        requirements=(
            "Professional experience with React and TypeScript\n"
            "Solid understanding of HTML, CSS and web accessibility (WCAG 2.2)\n"
            "Experience with component libraries or design systems\n"
            "Portuguese or Spanish is a plus, English is required"
        ),
        salary_min=45000,
        salary_max=60000,
    ),
    DemoJob(
        title="Data Analyst",
        company="Harbour Retail Group",
        location="Rotterdam",
        remote="hybrid",
        description=(
            "Harbour Retail Group runs 85 grocery and home stores across the "
            "Netherlands. Our analytics team turns sales, stock and loyalty data into "
            "decisions for buyers and store managers. As a data analyst you will build "
            "dashboards in Tableau, write SQL against our BigQuery warehouse, and answer "
            "questions such as which promotions actually bring new customers. You will "
            "present findings to non-technical colleagues and help them use data on "
            "their own. Hybrid: two days a week in our Rotterdam office."
        ),
        requirements=(
            "2+ years of experience as a data analyst\n"
            "Strong SQL skills\n"
            "Experience with Tableau or Power BI\n"
            "Python or R for analysis is a plus\n"
            "Dutch at B1 level or higher"
        ),
        salary_min=48000,
        salary_max=62000,
    ),
    DemoJob(
        title="Data Engineer",
        company="Greenfield Energy",
        location="Copenhagen",
        remote="hybrid",
        description=(
            "Greenfield Energy operates wind and solar parks in four countries. Our "
            "data platform collects readings from thousands of turbines and inverters "
            "every minute. As a data engineer you will build and maintain batch and "
            "streaming pipelines, model data in dbt, and schedule workflows with Apache "
            "Airflow on Google Cloud. You will work with analysts and engineers to make "
            "trustworthy data easy to find. We work hybrid from our Copenhagen office, "
            "and English is our working language."
        ),
        requirements=(
            "Strong Python and SQL\n"
            "Experience with dbt and Apache Airflow\n"
            "Experience with a cloud data warehouse such as BigQuery or Snowflake\n"
            "Knowledge of streaming tools such as Kafka or Pub/Sub\n"
            "Infrastructure as code with Terraform is a plus"
        ),
        salary_min=70000,
        salary_max=90000,
    ),
    DemoJob(
        title="DevOps Engineer",
        company="Alpine Cloud Services",
        location="Zurich",
        remote="hybrid",
        description=(
            "Alpine Cloud Services hosts business software for Swiss banks and "
            "insurers. Our platform team of five runs around 40 Kubernetes clusters and "
            "the pipelines that deploy to them. You will automate infrastructure with "
            "Terraform, improve our GitLab CI pipelines, and help migrate our Java and "
            "Python services to a new cluster setup. You will share an on-call rota one "
            "week in six. We value clear runbooks and calm incident reviews over heroics."
        ),
        requirements=(
            "Hands-on experience running Kubernetes in production\n"
            "Infrastructure as code with Terraform or Pulumi\n"
            "Linux administration and networking basics\n"
            "Experience with CI/CD pipelines\n"
            "German is a plus"
        ),
        salary_min=110000,
        salary_max=135000,
        salary_currency="CHF",
    ),
    DemoJob(
        title="Registered Nurse, Surgical Ward",
        company="St. Brigid's Hospital",
        location="Dublin",
        remote="onsite",
        description=(
            "Our 28-bed surgical ward cares for patients before and after general, "
            "orthopaedic and vascular surgery. We are looking for a registered nurse who "
            "wants to grow in surgical care. You will assess and monitor patients, "
            "manage wound care and pain relief, administer medication, and work with "
            "surgeons, physiotherapists and families to plan safe discharges. We offer a "
            "structured preceptorship for nurses new to surgical nursing, funded "
            "postgraduate courses, and a choice of long-day or early and late shift "
            "patterns."
        ),
        requirements=(
            "Registration with the Nursing and Midwifery Board of Ireland (NMBI)\n"
            "Current Basic Life Support certification\n"
            "Surgical ward experience is desirable but not essential\n"
            "Willingness to work weekends, nights and bank holidays on a rota"
        ),
        salary_min=38000,
        salary_max=52000,
    ),
    DemoJob(
        title="Secondary Mathematics Teacher",
        company="Riverside Academy",
        location="Manchester",
        remote="onsite",
        description=(
            "Riverside Academy is a mixed 11-18 school of 1,100 students. Our "
            "mathematics department is looking for a teacher to teach across Key "
            "Stages 3 and 4, with the opportunity to teach A level to the right "
            "candidate. You will plan engaging lessons, mark and give feedback that "
            "moves students forward, and run a weekly maths club or intervention group. "
            "We share resources across the department, so nobody plans alone, and early "
            "career teachers get a dedicated mentor and reduced timetable."
        ),
        requirements=(
            "Qualified Teacher Status (QTS) or working towards it\n"
            "A degree in mathematics or a related subject\n"
            "Enhanced DBS check\n"
            "Commitment to safeguarding and inclusive teaching"
        ),
        salary_min=31650,
        salary_max=49084,
        salary_currency="GBP",
    ),
    DemoJob(
        title="Warehouse Shift Supervisor",
        company="Baltic Freight Logistics",
        location="Hamburg",
        remote="onsite",
        description=(
            "Our Hamburg distribution centre ships around 12,000 parcels a day for "
            "online retailers. As shift supervisor you lead a team of 25 pickers, packers "
            "and forklift drivers on the late shift. You will plan the shift, assign "
            "people to zones, keep an eye on safety and quality, and solve problems as "
            "they come up: a delayed truck, a broken conveyor, a rush order. You will "
            "report shift figures to the operations manager and help train new "
            "colleagues."
        ),
        requirements=(
            "At least 2 years of experience in a warehouse or logistics role\n"
            "First experience leading a team\n"
            "Good German and basic English\n"
            "Forklift licence is a plus\n"
            "Willingness to work late shifts (14:00 to 22:30)"
        ),
        salary_min=38000,
        salary_max=44000,
    ),
    DemoJob(
        title="Product Designer (UX/UI)",
        company="Kite & Key",
        location="London",
        remote="remote",
        description=(
            "Kite & Key builds budgeting software for charities and small non-profits. "
            "As our second product designer you will own the design of new features "
            "from research to release: interview users, sketch flows, prototype in "
            "Figma, and test with real treasurers and volunteers. You will also help us "
            "grow our design system and make sure everything we ship is accessible. We "
            "are a remote-first team across the UK and meet in London once a month."
        ),
        requirements=(
            "A portfolio showing end-to-end product design work\n"
            "Fluency in Figma and prototyping\n"
            "Experience running user interviews and usability tests\n"
            "Understanding of accessibility guidelines"
        ),
        salary_min=50000,
        salary_max=65000,
        salary_currency="GBP",
    ),
    DemoJob(
        title="Account Executive, B2B Software",
        company="Clearpath Software",
        location="Madrid",
        remote="hybrid",
        description=(
            "Clearpath sells scheduling and time-tracking software to mid-sized "
            "manufacturers in Spain and Portugal. As an account executive you will run "
            "the full sales cycle for new customers: qualify leads from our marketing "
            "team, run discovery calls and demos, write proposals, and negotiate "
            "contracts. You will keep our CRM up to date and work with customer success "
            "to hand over new accounts smoothly. Base salary plus uncapped commission; "
            "three days a week in our Madrid office."
        ),
        requirements=(
            "2+ years in B2B sales, ideally software\n"
            "A track record of meeting or beating quota\n"
            "Fluent Spanish and good English\n"
            "Experience with a CRM such as HubSpot or Salesforce"
        ),
        salary_min=40000,
        salary_max=55000,
    ),
    DemoJob(
        title="Management Accountant",
        company="Oakridge Manufacturing",
        location="Leeds",
        remote="hybrid",
        description=(
            "Oakridge Manufacturing makes kitchen and bathroom fittings in two West "
            "Yorkshire factories. Reporting to the Financial Controller, you will "
            "prepare monthly management accounts, run the budgeting and forecasting "
            "cycle, and analyse product margins and factory costs. You will help "
            "non-finance managers understand their numbers and improve our reporting, "
            "which still relies on large spreadsheets. Hybrid working, with at least "
            "three days a week on site in Leeds."
        ),
        requirements=(
            "CIMA, ACCA or ACA qualified, or finalist\n"
            "Experience preparing management accounts in a manufacturing business\n"
            "Advanced Excel skills\n"
            "Experience with an ERP system such as Sage or SAP"
        ),
        salary_min=45000,
        salary_max=55000,
        salary_currency="GBP",
    ),
    DemoJob(
        title="Hotel Front Office Manager",
        company="Hotel Aurora",
        location="Vienna",
        remote="onsite",
        description=(
            "Hotel Aurora is a 140-room city hotel near the Naschmarkt, popular with "
            "business travellers and families. As front office manager you lead the "
            "reception and concierge team of 14, plan rotas, handle guest complaints and "
            "special requests, and work with revenue management on room rates and "
            "overbooking. You will train new staff on our property management system "
            "and keep check-in and check-out smooth on our busiest days."
        ),
        requirements=(
            "At least 3 years of front office experience in a hotel\n"
            "Experience leading a team\n"
            "Fluent German and English; a third language is a plus\n"
            "Experience with Opera PMS or a similar system"
        ),
        salary_min=42000,
        salary_max=50000,
    ),
    # Not published: must never appear in the job list, the detail page or the API.
    DemoJob(
        title="Platform Engineer (internal draft)",
        company="Northwind Systems",
        location="Berlin",
        remote="hybrid",
        description=(
            "Draft posting, not yet approved by hiring. Our platform team looks after "
            "the shared build pipelines, container images and observability stack for "
            "Northwind's engineering teams. Details on scope and seniority are still "
            "being agreed, and this text will change before the posting is published. "
            "Open questions: whether the role includes on-call duty, how much time goes "
            "to developer tooling, and whether the team hires one senior or two mid-level "
            "engineers."
        ),
        requirements="Kubernetes\nTerraform\nObservability tooling",
        salary_min=70000,
        salary_max=85000,
        published=False,
    ),
)


# The profile fields the explain app may send (jobportal.forms.ProfileForm.MATCHING_FIELDS).
MATCHING_FIELDS = ("headline", "desired_role", "skills", "experience", "work_preferences")


def demo_user(username: str) -> DemoUser | None:
    """The seeded user of this name, if it is one."""
    return next((demo for demo in DEMO_USERS if demo.username == username), None)


def _words(value: str) -> str:
    return " ".join(value.split())


def matches_seed(demo: DemoUser, values: dict[str, str]) -> bool:
    """True when the matching fields say what the seeded profile says, white space aside:
    only then does demo mode have a recorded answer for this profile."""
    return all(
        _words(values.get(name, "")) == _words(getattr(demo.profile, name))
        for name in MATCHING_FIELDS
    )


def seeded_values(demo: DemoUser) -> dict[str, str]:
    """The seeded matching fields, for "reset my demo profile"."""
    return {name: getattr(demo.profile, name) for name in MATCHING_FIELDS}
