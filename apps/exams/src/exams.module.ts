import { Module } from '@nestjs/common';
import { CertificatesModule } from './certificates/certificates.module.js';
import { EnrolmentsModule } from './enrolments/enrolments.module.js';
import { ExamModule } from './exam/exam.module.js';
import { ExamsConfigModule } from './exams-config.module.js';
import { ProgressModule } from './progress/progress.module.js';
import { QuestionsModule } from './questions/questions.module.js';
import { ReportsModule } from './reports/reports.module.js';
import { SyllabusModule } from './syllabus/syllabus.module.js';

/** Root module of the exams service: enrolments, syllabus, progress, questions to the instructor, exams, certificates. */
@Module({
  imports: [ExamsConfigModule, SyllabusModule, EnrolmentsModule, ProgressModule, QuestionsModule, ReportsModule, CertificatesModule, ExamModule],
})
export class ExamsModule {}
