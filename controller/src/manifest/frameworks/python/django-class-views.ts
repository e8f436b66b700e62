// The HTTP methods Django's own class-based views answer, by class name: the handlers
// (`get`, `post`, `put`, `patch`, `delete`) each class has in Django's source (4.x), inherited
// from `ProcessFormView`, `BaseDeleteView`, `RedirectView`… A project view that subclasses one of
// them without writing its own handlers answers the same methods (Django's `View.dispatch`).
import type { HttpMethod } from "../../types.js";

const DISPLAY: HttpMethod[] = ["GET"];
const FORM: HttpMethod[] = ["GET", "POST", "PUT"];
const DELETE: HttpMethod[] = ["GET", "POST", "DELETE"];
const REDIRECT: HttpMethod[] = ["GET", "POST", "PUT", "PATCH", "DELETE"];

export const DJANGO_VIEW_METHODS: Readonly<Record<string, readonly HttpMethod[]>> = {
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
