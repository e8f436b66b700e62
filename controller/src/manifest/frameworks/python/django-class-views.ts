// The HTTP methods Django's own class-based views answer, by class name: the handlers
// (`get`, `post`, `put`, `patch`, `delete`) each class has in Django's source (4.x), inherited
// from `ProcessFormView`, `BaseDeleteView`, `RedirectView`… A project view that subclasses one of
// them without writing its own handlers answers the same methods (Django's `View.dispatch`).
import type { HttpMethod } from "../../types.js";

const DISPLAY: HttpMethod[] = ["GET"];
const FORM: HttpMethod[] = ["GET", "POST", "PUT"];
const DELETE: HttpMethod[] = ["GET", "POST", "DELETE"];
const REDIRECT: HttpMethod[] = ["GET", "POST", "PUT", "PATCH", "DELETE"];

const DJANGO_VIEW_METHODS: Readonly<Record<string, readonly HttpMethod[]>> = {
  // django.views.generic
  TemplateView: DISPLAY,
  DetailView: DISPLAY,
  ListView: DISPLAY,
  ArchiveIndexView: DISPLAY,
  YearArchiveView: DISPLAY,
  MonthArchiveView: DISPLAY,
  WeekArchiveView: DISPLAY,
  DayArchiveView: DISPLAY,
  TodayArchiveView: DISPLAY,
  DateDetailView: DISPLAY,
  RedirectView: REDIRECT,
  FormView: FORM,
  CreateView: FORM,
  UpdateView: FORM,
  ProcessFormView: FORM,
  BaseFormView: FORM,
  BaseCreateView: FORM,
  BaseUpdateView: FORM,
  DeleteView: DELETE,
  BaseDeleteView: DELETE,
  // django.contrib.auth.views
  LoginView: FORM,
  LogoutView: ["GET", "POST"],
  PasswordChangeView: FORM,
  PasswordChangeDoneView: DISPLAY,
  PasswordResetView: FORM,
  PasswordResetDoneView: DISPLAY,
  PasswordResetConfirmView: FORM,
  PasswordResetCompleteView: DISPLAY,
};

/**
 * Horizon's class views (horizon/tables, forms, workflows, tabs, browsers and views.py, 23.x),
 * by class name under the `horizon` package: the handlers each has or inherits from Django's.
 */
const HORIZON_VIEW_METHODS: Readonly<Record<string, readonly HttpMethod[]>> = {
  MultiTableView: ["GET", "POST"],
  DataTableView: ["GET", "POST"],
  MixedDataTableView: ["GET", "POST"],
  ResourceBrowserView: ["GET", "POST"],
  TabbedTableView: ["GET", "POST"],
  WorkflowView: ["GET", "POST"],
  ModalFormView: FORM,
  HorizonFormView: FORM,
  TabView: DISPLAY,
  HorizonTemplateView: DISPLAY,
  APIView: DISPLAY,
  AngularIndexView: DISPLAY,
  AngularDetailsView: DISPLAY,
};

/** The methods a library view class answers: Horizon's by its table, else Django's by name. */
export function libraryViewMethods(path: string): readonly HttpMethod[] | undefined {
  const name = path.split(".").pop() ?? "";
  if (path.startsWith("horizon.")) return HORIZON_VIEW_METHODS[name] ?? DJANGO_VIEW_METHODS[name];
  return DJANGO_VIEW_METHODS[name];
}
